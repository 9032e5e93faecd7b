import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { type CheckoutSession, orderSuccessPath } from '~/commerce/checkout/checkout';
import { canMove } from '~/commerce/order-moves';
import type { OrderView } from '~/commerce/orders/orders';
import { findOrderByReference } from '~/commerce/orders/orders.server';
import { approvalStatus } from '~/commerce/organisations/spending.server';

/**
 * The payment step of an order an organisation's approver approved (docs/decisions/0056): the
 * buyer pays it later from the order page, with the checkout's payment form, at the stored
 * amount. Undefined for any other order (not approved, or no longer payable).
 */
export async function approvedPaymentSession(
  db: Kysely<DatabaseSchema>,
  order: OrderView,
): Promise<CheckoutSession | undefined> {
  const row = await findOrderByReference(db, order.reference);
  if (!row || !order.address || !canMove('capture', { status: row.status, fulfilment: row.fulfilment }))
    return undefined;
  if ((await approvalStatus(db, row.id)) !== 'approved') return undefined;
  return {
    url: orderSuccessPath(order.reference, order.paymentMethod),
    orderId: row.id,
    reference: order.reference,
    paymentMethod: order.paymentMethod,
    amount: order.total,
    subtotal: order.subtotal,
    shipping: order.shipping,
    discount: order.discount,
    tax: order.tax ?? 0,
    taxRate: order.taxRate ?? 0,
    taxCertificate: order.taxCertificate,
    shippingOption: order.shippingOption,
    address: order.address,
    addressSaved: false,
    promoCode: order.promoCode,
    mock: false,
    email: order.email,
    prescriptionRequired: false,
  };
}
