import { EnvError, parseEnv } from '../env';
import { type AppDatabase, openDatabase } from './database';

/**
 * A command line task on DATABASE_URL (`npm run db:migrate`, `npm run db:seed`): prints what
 * the task says it did, or one line of error and exit code 1 (a bad configuration says so).
 */
export async function runDatabaseCommand(task: (database: AppDatabase) => Promise<string>): Promise<void> {
  try {
    const env = parseEnv();
    const database = openDatabase(env.DATABASE_URL);
    try {
      console.log(await task(database));
    } finally {
      await database.close();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof EnvError ? `Invalid configuration: ${message}` : message);
    process.exit(1);
  }
}
