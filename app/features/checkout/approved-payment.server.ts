import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { type CheckoutSession, orderSuccessPath, paymentMethodOf } from '~/commerce/checkout/checkout';
import { canMove } from '~/commerce/order-moves';
import type { OrderRow } from '~/commerce/orders/orders.server';
import { storedOrderSession } from '~/commerce/orders/stored-order-session.server';
import { approvalStatus } from '~/commerce/organisations/spending.server';

/**
 * The payment step of an order an organisation's approver approved (docs/decisions/0056): the
 * buyer pays it later from the order page, with the checkout's payment form, at the stored
 * amount. Undefined for any other order (not approved, or no longer payable). `row` is the order
 * page's own read of the order: only an organisation's order waits for an approval.
 */
export async function approvedPaymentSession(
  db: Kysely<DatabaseSchema>,
  row: OrderRow,
  mock: boolean,
): Promise<CheckoutSession | undefined> {
  if (row.organisation_id === null) return undefined;
  if (!canMove('capture', { status: row.status, fulfilment: row.fulfilment })) return undefined;
  if ((await approvalStatus(db, row.id)) !== 'approved') return undefined;
  const url = orderSuccessPath(row.reference, paymentMethodOf(row.payment_method));
  return storedOrderSession(db, row, { url, mock });
}
