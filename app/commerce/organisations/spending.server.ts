import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema, OrderApprovalTable } from '#server/db/schema';
import { formatPrice } from '~/commerce/money';
import { PLACED_STATUSES, STATUS } from '~/commerce/order-states';
import { monthStart } from '~/lib/store-time';

/**
 * A member's spending limits (docs/decisions/0056), shared by the checkout (which sends an order
 * over them for approval) and the payment lock (which counts them again, so two payments of one
 * member cannot both slip under the monthly limit).
 */
type Db = Kysely<DatabaseSchema>;

export type ApprovalStatus = OrderApprovalTable['status'];

export interface Limits {
  orderLimit: number | null;
  monthlyLimit: number | null;
}

/** Which limit an order of `total` cents breaks, given the member's spend this month, or null. */
export function limitProblem(
  limits: Limits,
  spent: number,
  total: number,
): { limit: number; why: string } | null {
  if (limits.orderLimit !== null && total > limits.orderLimit) {
    return {
      limit: limits.orderLimit,
      why: `Order total ${formatPrice(total)} is over the order limit of ${formatPrice(limits.orderLimit)}.`,
    };
  }
  if (limits.monthlyLimit !== null && spent + total > limits.monthlyLimit) {
    return {
      limit: limits.monthlyLimit,
      why: `${formatPrice(spent)} spent this month plus this order's ${formatPrice(total)} is over the monthly limit of ${formatPrice(limits.monthlyLimit)}.`,
    };
  }
  return null;
}

/**
 * What a member has spent this store month: their organisation orders placed, or being paid
 * (holding stock), since the 1st. `except`: the order being checked, never counted against itself.
 */
export async function monthSpend(db: Db, userId: string, now: number, except?: string): Promise<number> {
  const row = await monthSpendQuery(db, userId, now, except).executeTakeFirstOrThrow();
  return Number(row.spent);
}

/** The month's spend as a query (its plan is tested: it must read the index of migration 0111). */
export function monthSpendQuery(db: Db, userId: string, now: number, except?: string) {
  // Only organisation orders count, never a cancelled one (abandoned checkouts pile up there);
  // the partial index of migration 0111 holds exactly those, with every column read here. The
  // status is written out, not bound, so both planners see the index's own condition.
  let query = db
    .selectFrom('orders')
    .select(sql<number | string | null>`coalesce(sum(total), 0)`.as('spent'))
    .where('user_id', '=', userId)
    .where('organisation_id', 'is not', null)
    .where('status', '<>', sql.lit(STATUS.cancelled))
    .where('created_at', '>=', monthStart(now))
    .where((eb) => eb.or([eb('status', 'in', PLACED_STATUSES), eb('stock_held', '=', 1)]));
  if (except) query = query.where('id', '!=', except);
  return query;
}

/** The approval state of an order, if it was ever over its buyer's limits. */
export async function approvalStatus(db: Db, orderId: string): Promise<ApprovalStatus | undefined> {
  const row = await db
    .selectFrom('order_approvals')
    .select('status')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.status;
}

export class SpendingLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpendingLimitError';
  }
}

/**
 * In the payment lock's transaction: an organisation order nobody approved must still fit its
 * buyer's limits now, counting the orders paid or being paid meanwhile. The member's row is
 * locked first on PostgreSQL, so two payments of one member take turns (SQLite has one writer,
 * and the lock's transaction has written already). Throws SpendingLimitError: nothing is taken.
 */
export async function checkSpendingAtLock(trx: Db, orderId: string, now: number): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select(['organisation_id', 'user_id', 'total'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (!order.organisation_id || !order.user_id) return;
  if ((await approvalStatus(trx, orderId)) === 'approved') return;
  let memberQuery = trx
    .selectFrom('organisation_members')
    .select(['order_limit', 'monthly_limit'])
    .where('user_id', '=', order.user_id)
    .where('organisation_id', '=', order.organisation_id);
  if (isPostgres<DatabaseSchema>(trx)) memberQuery = memberQuery.forUpdate();
  const member = await memberQuery.executeTakeFirst();
  // Removed since checking out: the organisation's order is no longer theirs to pay.
  if (!member) {
    throw new SpendingLimitError(
      'Nothing was charged: you are no longer a member of the organisation this order was placed for.',
    );
  }
  const spent = member.monthly_limit === null ? 0 : await monthSpend(trx, order.user_id, now, orderId);
  const total = Number(order.total);
  const problem = limitProblem(
    { orderLimit: member.order_limit, monthlyLimit: member.monthly_limit },
    spent,
    total,
  );
  if (problem) {
    throw new SpendingLimitError(
      `Nothing was charged: ${problem.why} Please check out again so that your organisation's approvers can approve it.`,
    );
  }
}
