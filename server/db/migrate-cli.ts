import { runCommand } from '../cli/command';
import { formatDuration } from '../cli/progress';
import { withDatabase } from './database-command';
import { migrateToLatest } from './migrate';

// `npm run db:migrate`: the same migrations the server applies at start, on their own.
await runCommand({
  name: 'db:migrate',
  summary:
    'Applies the pending migrations to DATABASE_URL, printing each one as it is applied (the server ' +
    'also applies them when it starts). They run in one transaction: if one fails, none is kept.',
  run: ({ progress }) =>
    withDatabase(async (database) => {
      const { applied } = await migrateToLatest(database, {
        onApplied: (name, ms) => progress.step(`applied ${name} (${formatDuration(ms)})`),
      });
      return applied.length
        ? `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}.`
        : 'Database is up to date.';
    }),
});
