import { parseEnv } from '../env';
import { type AppDatabase, openDatabase } from './database';

/** An operator command's work on DATABASE_URL's database, which is closed after it. */
export async function withDatabase<T>(task: (database: AppDatabase) => Promise<T>): Promise<T> {
  const database = openDatabase(parseEnv().DATABASE_URL);
  try {
    return await task(database);
  } finally {
    await database.close();
  }
}
