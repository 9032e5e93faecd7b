import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { emitWebhookEvent } from '../webhooks/emit.server';
import { LOW_STOCK_AT } from './catalog';

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
      .returning('on_hand')
      .executeTakeFirst();
    if (!result) throw new SoldOutError(line);
    const onHand = Number(result.on_hand);
    await announceLowStock(trx, line, onHand + line.quantity, onHand, now);
  }
}

/**
 * Tells integrations (`product.stock_low`) when a product's units fall to the low-stock level,
 * by a sale or a staff change, in the caller's transaction. Crossing the level (not every change
 * below it) is what the warehouse hears of, so it is told once per fall.
 */
export async function announceLowStock(
  trx: Db,
  product: { productId: string; name: string },
  before: number,
  after: number,
  now = Date.now(),
): Promise<void> {
  if (!(after <= LOW_STOCK_AT && before > LOW_STOCK_AT)) return;
  await emitWebhookEvent(
    trx,
    'product.stock_low',
    { productId: product.productId, name: product.name, onHand: after, lowStockAt: LOW_STOCK_AT },
    now,
  );
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

/** An order's lines as stock sees them. */
export function orderStockLines(db: Db, orderId: string): Promise<StockLine[]> {
  return db
    .selectFrom('order_items')
    .select(['product_id as productId', 'name', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
}

/** Gives all of an order's units back (in the caller's transaction); returns its product ids. */
export async function returnOrderStock(trx: Db, orderId: string, now = Date.now()): Promise<string[]> {
  const lines = await orderStockLines(trx, orderId);
  await returnStock(trx, lines, now);
  return lines.map((line) => line.productId);
}

/** Why units moved and who moved them, for the product's stock history. */
export interface StockReason {
  reason: string;
  actorId: string | null;
  orderId?: string | null;
}

/**
 * Gives units back and keeps each move in the product's stock history (staff refunds), in the
 * caller's transaction.
 */
export async function returnStockWithHistory(
  trx: Db,
  lines: readonly StockLine[],
  why: StockReason,
  now = Date.now(),
): Promise<void> {
  await returnStock(trx, lines, now);
  for (const line of lines) {
    const row = await trx
      .selectFrom('inventory')
      .select('on_hand')
      .where('product_id', '=', line.productId)
      .executeTakeFirst();
    await trx
      .insertInto('stock_movements')
      .values({
        id: randomUUID(),
        product_id: line.productId,
        at: now,
        delta: line.quantity,
        on_hand: row ? Number(row.on_hand) : 0,
        reason: why.reason,
        actor_id: why.actorId,
        order_id: why.orderId ?? null,
      })
      .execute();
  }
}
