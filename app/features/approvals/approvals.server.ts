import type { Kysely } from 'kysely';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema } from '#server/db/schema';
import { type Actor, recordAudit } from '~/console/audit.server';
import { formatPrice } from '~/commerce/money';
import { fromStatuses, ORDER_MOVES } from '~/commerce/order-moves';
import { addOrderEvent } from '~/commerce/orders/fulfilment.server';
import { type BuyingContext, canApprove } from '~/commerce/organisations/organisations';
import type { ApprovalStatus } from '~/commerce/organisations/spending.server';

/**
 * The approvals of an organisation's carts over a buyer's limits (docs/decisions/0056): what the
 * approvers and the buyer see, and the two decisions. Each decision is one transaction holding
 * the approval's row (locked on PostgreSQL), so two approvers deciding at once decide once.
 */
type Db = Kysely<DatabaseSchema>;

export class ApprovalError extends Error {
  constructor(
    readonly code: 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

export interface ApprovalView {
  orderId: string;
  reference: string;
  buyerId: string;
  buyerName: string;
  status: ApprovalStatus;
  why: string;
  comment: string | null;
  total: number;
  createdAt: number;
  lines: { name: string; quantity: number; unitPrice: number; lineTotal: number }[];
}

/** An approver's queue (others' waiting carts) and the member's own requests, newest first. */
export async function approvalsFor(
  db: Db,
  buying: BuyingContext,
): Promise<{ waiting: ApprovalView[]; mine: ApprovalView[] }> {
  const base = db
    .selectFrom('order_approvals as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select([
      'a.order_id',
      'a.buyer_id',
      'a.status',
      'a.why',
      'a.comment',
      'a.created_at',
      'o.reference',
      'o.total',
      'o.buyer_name',
    ])
    .where('a.organisation_id', '=', buying.organisation.id)
    .orderBy('a.created_at', 'desc')
    .limit(100);
  const waitingRows = canApprove(buying.member.role)
    ? await base.where('a.status', '=', 'waiting').where('a.buyer_id', '!=', buying.member.userId).execute()
    : [];
  const mineRows = await base.where('a.buyer_id', '=', buying.member.userId).execute();
  const ids = [...waitingRows, ...mineRows].map((row) => row.order_id);
  const items = ids.length
    ? await db
        .selectFrom('order_items')
        .select(['order_id', 'name', 'quantity', 'unit_price', 'line_total'])
        .where('order_id', 'in', ids)
        .orderBy('position')
        .execute()
    : [];
  const view = (row: (typeof mineRows)[number]): ApprovalView => ({
    orderId: row.order_id,
    reference: row.reference,
    buyerId: row.buyer_id,
    buyerName: row.buyer_name ?? 'A former member',
    status: row.status,
    why: row.why,
    comment: row.comment,
    total: Number(row.total),
    createdAt: Number(row.created_at),
    lines: items
      .filter((item) => item.order_id === row.order_id)
      .map((item) => ({
        name: item.name,
        quantity: Number(item.quantity),
        unitPrice: Number(item.unit_price),
        lineTotal: Number(item.line_total),
      })),
  });
  return { waiting: waitingRows.map(view), mine: mineRows.map(view) };
}

/** The waiting approval of the approver's organisation, locked for the decision. */
async function waitingApproval(trx: Db, buying: BuyingContext, reference: string) {
  let query = trx
    .selectFrom('order_approvals as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(['a.order_id', 'a.buyer_id', 'a.status', 'a.why', 'o.status as orderStatus', 'o.email'])
    .select(['o.reference', 'o.total', 'o.buyer_name'])
    .where('o.reference', '=', reference)
    .where('a.organisation_id', '=', buying.organisation.id);
  if (isPostgres<DatabaseSchema>(trx)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  // Another organisation's order, or the approver's own: as if it did not exist.
  if (!row || row.buyer_id === buying.member.userId || !canApprove(buying.member.role)) {
    throw new ApprovalError('not_found', 'There is no order waiting for your approval with this reference.');
  }
  if (row.status !== 'waiting' || !fromStatuses('sendBack').includes(row.orderStatus)) {
    throw new ApprovalError(
      'conflict',
      `Order ${reference} is no longer waiting for approval (it was decided, withdrawn or cancelled). Nothing was changed.`,
    );
  }
  return row;
}

export type DecidedApproval = Awaited<ReturnType<typeof waitingApproval>>;

/**
 * Approves a waiting cart once each line still has its price and enough units in the catalogue
 * now: the buyer pays the stored amount later, so a price changed since is refused here (the
 * approver sends it back and the buyer checks out again at the new price).
 */
export async function approveOrder(
  db: Db,
  approver: Actor,
  buying: BuyingContext,
  reference: string,
): Promise<DecidedApproval> {
  return db.transaction().execute(async (trx) => {
    const row = await waitingApproval(trx, buying, reference);
    const lines = await trx
      .selectFrom('order_items as i')
      .leftJoin('products as p', 'p.id', 'i.product_id')
      .leftJoin('inventory as v', 'v.product_id', 'i.product_id')
      .select(['i.name', 'i.quantity', 'i.unit_price', 'p.price', 'v.on_hand'])
      .where('i.order_id', '=', row.order_id)
      .execute();
    for (const line of lines) {
      if (line.price === null || Number(line.price) !== Number(line.unit_price)) {
        const now = line.price === null ? 'no longer sold' : `now ${formatPrice(Number(line.price))}`;
        throw new ApprovalError(
          'conflict',
          `The price of ${line.name} has changed since the order was placed (${formatPrice(Number(line.unit_price))}, ${now}). Send the order back so that the buyer can check out again.`,
        );
      }
      if (Number(line.on_hand ?? 0) < Number(line.quantity)) {
        throw new ApprovalError(
          'conflict',
          `There are only ${Number(line.on_hand ?? 0)} of ${line.name} in stock, and the order asks for ${Number(line.quantity)}. Send the order back so that the buyer can change it.`,
        );
      }
    }
    const now = Date.now();
    await trx
      .updateTable('order_approvals')
      .set({ status: 'approved', decided_by: approver.id, decided_at: now, updated_at: now })
      .where('order_id', '=', row.order_id)
      .where('status', '=', 'waiting')
      .execute();
    await addOrderEvent(trx, row.order_id, approver, 'approval granted', { by: approver.email }, now);
    await recordAudit(
      trx,
      approver,
      {
        action: 'order.approve',
        targetType: 'order',
        targetId: reference,
        before: { approval: 'waiting' },
        after: { approval: 'approved', organisation: buying.organisation.id },
      },
      now,
    );
    return row;
  });
}

/** Sends a waiting cart back with the approver's comment: the order is cancelled. */
export async function sendBackOrder(
  db: Db,
  approver: Actor,
  buying: BuyingContext,
  reference: string,
  comment: string,
): Promise<DecidedApproval> {
  return db.transaction().execute(async (trx) => {
    const row = await waitingApproval(trx, buying, reference);
    const now = Date.now();
    const moved = await trx
      .updateTable('orders')
      .set({ ...ORDER_MOVES.sendBack.to, cancelled_by: 'customer', cancelled_at: now, updated_at: now })
      .where('id', '=', row.order_id)
      .where('status', 'in', fromStatuses('sendBack'))
      .where('locked_by', 'is', null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) {
      throw new ApprovalError(
        'conflict',
        `Order ${reference} could not be sent back: it is being paid or was closed.`,
      );
    }
    await trx
      .updateTable('order_approvals')
      .set({ status: 'returned', decided_by: approver.id, comment, decided_at: now, updated_at: now })
      .where('order_id', '=', row.order_id)
      .execute();
    await addOrderEvent(trx, row.order_id, approver, ORDER_MOVES.sendBack.to.status, { comment }, now);
    await recordAudit(
      trx,
      approver,
      {
        action: 'order.send_back',
        targetType: 'order',
        targetId: reference,
        before: { approval: 'waiting' },
        after: { approval: 'returned', comment, organisation: buying.organisation.id },
      },
      now,
    );
    return row;
  });
}
