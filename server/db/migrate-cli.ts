import { EnvError, parseEnv } from '../env';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

// `npm run db:migrate`: the same migrations the server applies at start, on their own.
try {
  const env = parseEnv();
  const database = openDatabase(env.DATABASE_URL);
  try {
    const { applied } = await migrateToLatest(database);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  } finally {
    await database.close();
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof EnvError ? `Invalid configuration: ${message}` : message);
  process.exit(1);
}
