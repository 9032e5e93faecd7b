import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { STATUS } from '~/commerce/order-states';
import type { OrderView } from '~/commerce/orders/orders';
import {
  findUserOrderRow,
  isOrderReference,
  type OrderRow,
  orderView,
} from '~/commerce/orders/orders.server';
import { buyingContext } from './organisations.server';
import { seesAllOrders } from './organisations';

type Db = Kysely<DatabaseSchema>;

/**
 * An order as the signed-in account may see it (docs/decisions/0055): its own, or, for an admin
 * or approver, any order of the same organisation, read-only (`own` false). Membership is read
 * afresh, so a removed member loses the organisation's orders at once; anyone else gets nothing,
 * exactly as for an order that does not exist.
 */
export async function findVisibleOrder(
  db: Db,
  userId: string,
  reference: string,
): Promise<{ order: OrderView; own: boolean; row: OrderRow } | undefined> {
  const own = await findUserOrderRow(db, userId, reference);
  if (own) return { order: await orderView(db, own), own: true, row: own };
  if (!isOrderReference(reference)) return undefined;
  const context = await buyingContext(db, userId);
  if (!context || !seesAllOrders(context.member.role)) return undefined;
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('reference', '=', reference)
    .where('organisation_id', '=', context.organisation.id)
    // As findUserOrder: an order its buyer abandoned before paying is nobody's to see.
    .where((eb) => eb.or([eb('status', '!=', STATUS.cancelled), eb('cancelled_by', '=', 'staff')]))
    .executeTakeFirst();
  return row ? { order: await orderView(db, row), own: false, row } : undefined;
}
