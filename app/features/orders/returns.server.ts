import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema, ReturnTable } from '#server/db/schema';
import {
  isReturnNumber,
  NOT_RETURNABLE_TEXT,
  OPEN_RETURN_STEPS,
  type ReturnReason,
  type ReturnStep,
  returnRefusal,
} from '~/commerce/orders/returns';
import { emitWebhookEvent } from '~/commerce/webhooks/emit.server';

/**
 * Returns: what a shopper may still send back, the request itself, and the reads of the order
 * page and the console (docs/decisions/0053). Staff's steps are in return-steps.server.ts.
 */
type Db = Kysely<DatabaseSchema>;
export type ReturnRow = Selectable<ReturnTable>;

export class ReturnError extends Error {
  constructor(
    readonly code: 'not_found' | 'conflict' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

/** A line of the order as the return form shows it. */
export interface ReturnableLine {
  itemId: string;
  productId: string;
  name: string;
  bought: number;
  /** Units that may still be asked for: bought, less refunded and less those in open returns. */
  available: number;
  /** Why it cannot come back at all (the policy's exclusion), or null. */
  excludedBecause: string | null;
}

export interface ReturnLineView {
  id: string;
  orderItemId: string;
  name: string;
  quantity: number;
  outcome: 'restock' | 'write_off' | null;
  refundAmount: number | null;
}

export interface ReturnView {
  id: string;
  number: string;
  orderId: string;
  status: ReturnStep;
  reason: string;
  note: string;
  refusalReason: string | null;
  refundAmount: number | null;
  refundShipping: number | null;
  requestedAt: number;
  approvedAt: number | null;
  refusedAt: number | null;
  receivedAt: number | null;
  refundedAt: number | null;
  lines: ReturnLineView[];
}

const num = (value: number | string | null) => (value === null ? null : Number(value));

export function toReturnView(row: ReturnRow, lines: ReturnLineView[]): ReturnView {
  return {
    id: row.id,
    number: row.number,
    orderId: row.order_id,
    status: row.status,
    reason: row.reason,
    note: row.note,
    refusalReason: row.refusal_reason,
    refundAmount: num(row.refund_amount),
    refundShipping: num(row.refund_shipping),
    requestedAt: Number(row.requested_at),
    approvedAt: num(row.approved_at),
    refusedAt: num(row.refused_at),
    receivedAt: num(row.received_at),
    refundedAt: num(row.refunded_at),
    lines,
  };
}

async function linesOf(db: Db, returnIds: readonly string[]): Promise<Map<string, ReturnLineView[]>> {
  const byReturn = new Map<string, ReturnLineView[]>();
  if (returnIds.length === 0) return byReturn;
  const rows = await db
    .selectFrom('return_lines')
    .innerJoin('order_items', 'order_items.id', 'return_lines.order_item_id')
    .select([
      'return_lines.id',
      'return_lines.return_id',
      'return_lines.order_item_id',
      'return_lines.quantity',
      'return_lines.outcome',
      'return_lines.refund_amount',
      'order_items.name',
      'order_items.position',
    ])
    .where('return_lines.return_id', 'in', returnIds)
    .orderBy('order_items.position')
    .execute();
  for (const row of rows) {
    const list = byReturn.get(row.return_id) ?? [];
    list.push({
      id: row.id,
      orderItemId: row.order_item_id,
      name: row.name,
      quantity: Number(row.quantity),
      outcome: row.outcome,
      refundAmount: num(row.refund_amount),
    });
    byReturn.set(row.return_id, list);
  }
  return byReturn;
}

/** An order's returns, oldest first, with their lines. */
export async function returnsOfOrder(db: Db, orderId: string): Promise<ReturnView[]> {
  const rows = await db
    .selectFrom('returns')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('requested_at')
    .execute();
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toReturnView(row, lines.get(row.id) ?? []));
}

/** One return by its number, with its lines; undefined for a malformed or unknown number. */
export async function findReturn(db: Db, number: string): Promise<ReturnView | undefined> {
  if (!isReturnNumber(number)) return undefined;
  const row = await db.selectFrom('returns').selectAll().where('number', '=', number).executeTakeFirst();
  if (!row) return undefined;
  return toReturnView(row, (await linesOf(db, [row.id])).get(row.id) ?? []);
}

/** Each line of the order with the units it may still send back, read in the caller's transaction. */
export async function returnableLines(db: Db, orderId: string): Promise<ReturnableLine[]> {
  const items = await db
    .selectFrom('order_items')
    .leftJoin('products', 'products.id', 'order_items.product_id')
    .select([
      'order_items.id',
      'order_items.product_id',
      'order_items.name',
      'order_items.quantity',
      'order_items.refunded_quantity',
      'products.returnable',
    ])
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.position')
    .execute();
  const open = await db
    .selectFrom('return_lines')
    .innerJoin('returns', 'returns.id', 'return_lines.return_id')
    .select(['return_lines.order_item_id', 'return_lines.quantity'])
    .where('returns.order_id', '=', orderId)
    .where('returns.status', 'in', OPEN_RETURN_STEPS)
    .execute();
  return items.map((item) => {
    // Units of a refunded return are in refunded_quantity; those of open returns are on their way.
    const inOpenReturns = open
      .filter((line) => line.order_item_id === item.id)
      .reduce((sum, line) => sum + Number(line.quantity), 0);
    // The product's flag today (a deleted product counts as returnable: staff decide on receipt).
    const excluded = item.returnable !== null && !Number(item.returnable);
    return {
      itemId: item.id,
      productId: item.product_id,
      name: item.name,
      bought: Number(item.quantity),
      available: Math.max(0, Number(item.quantity) - Number(item.refunded_quantity) - inOpenReturns),
      excludedBecause: excluded ? NOT_RETURNABLE_TEXT : null,
    };
  });
}

export interface ReturnRequest {
  orderId: string;
  /** The order's owner: anyone else's order is not found. */
  userId: string;
  key: string;
  reason: ReturnReason;
  note: string;
  lines: { itemId: string; quantity: number }[];
}

// No 0/O, 1/I/L, as in order references: read out over the phone, never misheard.
const NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function newReturnNumber(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)];
  return `R-${code}`;
}

/**
 * A shopper's return request. The units are checked against the other returns in this
 * transaction, the order's row locked first on PostgreSQL (SQLite writes one at a time), so two
 * requests at once cannot both take the same units. The same form sent twice (its key) finds
 * the first return.
 */
export async function requestReturn(
  db: Db,
  request: ReturnRequest,
  now = Date.now(),
): Promise<{ row: ReturnRow; repeated: boolean }> {
  const earlier = () =>
    db.selectFrom('returns').selectAll().where('request_key', '=', request.key).executeTakeFirst();
  try {
    return await db.transaction().execute(async (trx) => {
      let orderQuery = trx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', request.orderId)
        .where('user_id', '=', request.userId);
      if (isPostgres<DatabaseSchema>(trx)) orderQuery = orderQuery.forUpdate();
      const order = await orderQuery.executeTakeFirst();
      if (!order) throw new ReturnError('not_found', 'This order does not exist.');
      const first = await trx
        .selectFrom('returns')
        .selectAll()
        .where('request_key', '=', request.key)
        .executeTakeFirst();
      if (first) return { row: first, repeated: true };
      const refusal = returnRefusal(
        { status: order.status, fulfilment: order.fulfilment, deliveredAt: num(order.delivered_at) },
        now,
      );
      if (refusal) throw new ReturnError('conflict', refusal);
      const lines = request.lines.filter((line) => line.quantity > 0);
      if (lines.length === 0) throw new ReturnError('invalid', 'Choose at least one item to return.');
      const returnable = await returnableLines(trx, order.id);
      for (const line of lines) {
        const item = returnable.find((candidate) => candidate.itemId === line.itemId);
        if (!item) throw new ReturnError('invalid', 'An item to return is not part of this order.');
        if (item.excludedBecause) throw new ReturnError('invalid', `${item.name}: ${item.excludedBecause}`);
        if (line.quantity > item.available) {
          throw new ReturnError(
            'conflict',
            item.available === 0
              ? `${item.name} is already in another return.`
              : `Only ${item.available} of ${item.name} can still be returned.`,
          );
        }
      }
      const row: ReturnRow = {
        id: randomUUID(),
        number: newReturnNumber(),
        order_id: order.id,
        status: 'requested',
        reason: request.reason,
        note: request.note,
        request_key: request.key,
        refusal_reason: null,
        refund_amount: null,
        refund_key: null,
        refund_shipping: null,
        requested_at: now,
        approved_at: null,
        refused_at: null,
        received_at: null,
        refunded_at: null,
        updated_at: now,
      };
      await trx.insertInto('returns').values(row).execute();
      await trx
        .insertInto('return_lines')
        .values(
          lines.map((line) => ({
            id: randomUUID(),
            return_id: row.id,
            order_item_id: line.itemId,
            quantity: line.quantity,
            outcome: null,
            refund_amount: null,
          })),
        )
        .execute();
      await emitWebhookEvent(trx, 'return.requested', returnEventData(row, order.reference, lines), now);
      return { row, repeated: false };
    });
  } catch (error) {
    // The same form twice at once: the second met the first's unique key; now it is committed.
    if (!(error instanceof ReturnError)) {
      const first = await earlier();
      if (first) return { row: first, repeated: true };
    }
    throw error;
  }
}

/** What an integration learns of a return: its number, order, step, reason and lines. */
export function returnEventData(
  row: Pick<ReturnRow, 'id' | 'number' | 'status' | 'reason'>,
  orderReference: string,
  lines: readonly { itemId: string; quantity: number }[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    returnId: row.id,
    number: row.number,
    orderReference,
    status: row.status,
    reason: row.reason,
    lines: lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity })),
    ...extra,
  };
}
