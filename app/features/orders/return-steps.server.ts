import type { Kysely } from 'kysely';
import type { DatabaseSchema, ReturnStatus } from '#server/db/schema';
import { type Actor, recordAudit } from '~/console/audit.server';
import { returnStockWithHistory } from '~/commerce/catalogue/stock.server';
import { addOrderEvent } from '~/commerce/orders/fulfilment.server';
import { emitWebhookEvent } from '~/commerce/webhooks/emit.server';
import type { WebhookEventType } from '~/commerce/webhooks/events';
import { ReturnError, type ReturnRow, returnEventData } from './returns.server';

/**
 * Staff's steps of a return (docs/decisions/0053): approve, refuse, receive. Each is one guarded
 * UPDATE from the step before (a second click, or another member of staff first, changes
 * nothing and is told so), written with its audit row, the order's timeline entry and the
 * integrations' event in one transaction. The refund is return-refund.server.ts.
 */
type Db = Kysely<DatabaseSchema>;

export type LineOutcome = 'restock' | 'write_off';

interface Moved {
  row: ReturnRow;
  orderReference: string;
  /** Products whose stock changed: the catalogue reads them again once committed. */
  restocked: string[];
}

async function move(
  db: Db,
  actor: Actor,
  returnId: string,
  step: { from: ReturnStatus; to: ReturnStatus; set: Record<string, unknown>; event: WebhookEventType },
  alsoInside: (trx: Db, row: ReturnRow, orderReference: string) => Promise<Record<string, unknown>>,
  now: number,
): Promise<Moved> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('returns').selectAll().where('id', '=', returnId).executeTakeFirst();
    if (!before) throw new ReturnError('not_found', 'This return does not exist.');
    const result = await trx
      .updateTable('returns')
      .set({ ...step.set, status: step.to, updated_at: now })
      .where('id', '=', returnId)
      .where('status', '=', step.from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw new ReturnError('conflict', `This return is ${before.status} already; reload the page.`);
    }
    const row = await trx
      .selectFrom('returns')
      .selectAll()
      .where('id', '=', returnId)
      .executeTakeFirstOrThrow();
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'reference'])
      .where('id', '=', row.order_id)
      .executeTakeFirstOrThrow();
    const detail = await alsoInside(trx, row, order.reference);
    const lines = await trx
      .selectFrom('return_lines')
      .select(['order_item_id as itemId', 'quantity'])
      .where('return_id', '=', row.id)
      .execute();
    await emitWebhookEvent(
      trx,
      step.event,
      returnEventData(row, order.reference, lines, { ...detail, restocked: undefined }),
      now,
    );
    await addOrderEvent(trx, order.id, actor, `return_${step.to}`, { number: row.number, ...detail }, now);
    await recordAudit(
      trx,
      actor,
      {
        action: `return.${step.to === 'approved' ? 'approve' : step.to === 'refused' ? 'refuse' : 'receive'}`,
        targetType: 'return',
        targetId: row.number,
        before: { status: before.status },
        after: { status: row.status, order: order.reference, ...detail, restocked: undefined },
      },
      now,
    );
    return {
      row,
      orderReference: order.reference,
      restocked: Array.isArray(detail.restocked) ? (detail.restocked as string[]) : [],
    };
  });
}

export function approveReturn(db: Db, actor: Actor, returnId: string, now = Date.now()): Promise<Moved> {
  return move(
    db,
    actor,
    returnId,
    { from: 'requested', to: 'approved', set: { approved_at: now }, event: 'return.approved' },
    async () => ({}),
    now,
  );
}

export function refuseReturn(
  db: Db,
  actor: Actor,
  returnId: string,
  reason: string,
  now = Date.now(),
): Promise<Moved> {
  return move(
    db,
    actor,
    returnId,
    {
      from: 'requested',
      to: 'refused',
      set: { refused_at: now, refusal_reason: reason },
      event: 'return.refused',
    },
    async () => ({ refusalReason: reason }),
    now,
  );
}

/**
 * The parcel arrived: each line is restocked (its units go back on hand, in the product's stock
 * history, as a staff stock change does) or written off. Every line must be given an outcome.
 */
export function receiveReturn(
  db: Db,
  actor: Actor,
  returnId: string,
  outcomes: Record<string, LineOutcome>,
  now = Date.now(),
): Promise<Moved> {
  return move(
    db,
    actor,
    returnId,
    { from: 'approved', to: 'received', set: { received_at: now }, event: 'return.received' },
    async (trx, row, orderReference) => {
      const lines = await trx
        .selectFrom('return_lines')
        .innerJoin('order_items', 'order_items.id', 'return_lines.order_item_id')
        .select(['return_lines.id', 'return_lines.quantity', 'order_items.product_id', 'order_items.name'])
        .where('return_lines.return_id', '=', row.id)
        .execute();
      const missing = lines.find((line) => !outcomes[line.id]);
      if (missing) throw new ReturnError('invalid', `Choose restock or write off for ${missing.name}.`);
      for (const line of lines) {
        await trx
          .updateTable('return_lines')
          .set({ outcome: outcomes[line.id] })
          .where('id', '=', line.id)
          .execute();
      }
      const restock = lines.filter((line) => outcomes[line.id] === 'restock');
      await returnStockWithHistory(
        trx,
        restock.map((line) => ({
          productId: line.product_id,
          name: line.name,
          quantity: Number(line.quantity),
        })),
        {
          reason: `Return ${row.number} of order ${orderReference}`,
          actorId: actor.id,
          orderId: row.order_id,
        },
        now,
      );
      return {
        outcomes: lines.map((line) => ({ itemId: line.id, outcome: outcomes[line.id] })),
        restocked: restock.map((line) => line.product_id),
      };
    },
    now,
  );
}
