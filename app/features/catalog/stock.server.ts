import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';

/**
 * Taking units from stock and giving them back (docs/decisions/0017). Each call runs inside the
 * caller's transaction, with the order's own rows, so the units move together with the order's
 * state: never taken twice, never given back twice.
 */
type Db = Kysely<DatabaseSchema>;

export interface StockLine {
  productId: string;
  name: string;
  quantity: number;
}

export class SoldOutError extends Error {
  constructor(readonly line: StockLine) {
    super(`${line.name} is sold out`);
  }
}

/**
 * Takes each line's units, or none: a line whose units are not all there throws SoldOutError
 * (roll the transaction back). The condition is part of the UPDATE, so two buyers of the last
 * unit cannot both get it: the second waits for the first's row lock, then finds too few.
 */
export async function takeStock(trx: Db, lines: readonly StockLine[], now = Date.now()): Promise<void> {
  // One order of rows for every buyer: two orders locking the same products never deadlock.
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const result = await trx
      .updateTable('inventory')
      .set((eb) => ({ on_hand: eb('on_hand', '-', line.quantity), updated_at: now }))
      .where('product_id', '=', line.productId)
      .where('on_hand', '>=', line.quantity)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new SoldOutError(line);
  }
}

export async function returnStock(trx: Db, lines: readonly StockLine[], now = Date.now()): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    await trx
      .updateTable('inventory')
      .set((eb) => ({ on_hand: eb('on_hand', '+', line.quantity), updated_at: now }))
      .where('product_id', '=', line.productId)
      .execute();
  }
}
