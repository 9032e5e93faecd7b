import { runDatabaseCommand } from './database-command';
import { migrateToLatest } from './migrate';

// `npm run db:migrate`: the same migrations the server applies at start, on their own.
await runDatabaseCommand(async (database) => {
  const { applied } = await migrateToLatest(database);
  return applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.';
});
