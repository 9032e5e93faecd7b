import { seedFromDataFiles } from '../../app/commerce/catalogue/catalogue-store.server';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { TestDatabase } from './test-database';

/** Units on hand of every product a load test buys: no round sells out. */
export const STOCK = 1_000_000;

/** The database as a first start would leave it, with STOCK units of the given products. */
export async function prepareStore(testDb: TestDatabase, productIds: string[]): Promise<void> {
  const database = openDatabase(testDb.url, { poolSize: 2 });
  try {
    await migrateToLatest(database);
    await seedFromDataFiles(database.db);
    await database.db
      .updateTable('inventory')
      .set({ on_hand: STOCK })
      .where('product_id', 'in', productIds)
      .execute();
  } finally {
    await database.close();
  }
}
