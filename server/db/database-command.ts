import { EnvError, parseEnv } from '../env';
import { type AppDatabase, openDatabase } from './database';

/**
 * An operator command (`npm run db:migrate`, `db:seed`, `db:backup`, `db:restore`): prints what
 * the task says it did, or one line of error and exit code 1 (a bad configuration says so).
 */
export async function runCommand(task: () => Promise<string>): Promise<void> {
  try {
    console.log(await task());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof EnvError ? `Invalid configuration: ${message}` : message);
    process.exit(1);
  }
}

/** A command line task on DATABASE_URL's database, closed after it. */
export function runDatabaseCommand(task: (database: AppDatabase) => Promise<string>): Promise<void> {
  return runCommand(async () => {
    const database = openDatabase(parseEnv().DATABASE_URL);
    try {
      return await task(database);
    } finally {
      await database.close();
    }
  });
}
