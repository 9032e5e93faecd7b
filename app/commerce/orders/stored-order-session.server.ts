import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { type CheckoutSession, paymentMethodOf } from '../checkout/checkout';
import { shippingOptionOf } from '../delivery/shipping-options';
import { addressOf, type OrderRow } from './orders.server';

/**
 * The payment step of an order stored earlier and paid later, at its stored amount: an order an
 * organisation's approver approved (docs/decisions/0056) and an accepted quote's order
 * (docs/decisions/0059). The checkout's payment form pays it through the same endpoint, for the
 * method it was stored with. Undefined when the order has no complete address to show.
 */
export async function storedOrderSession(
  db: Kysely<DatabaseSchema>,
  row: OrderRow,
  options: { url: string; mock: boolean },
): Promise<CheckoutSession | undefined> {
  const address = addressOf(row);
  if (!address) return undefined;
  // A line that needs a prescription: the form asks for it, and the card is authorised only.
  const prescription = await db
    .selectFrom('order_items')
    .select('product_id')
    .where('order_id', '=', row.id)
    .where('prescription_required', '=', 1)
    .executeTakeFirst();
  return {
    url: options.url,
    orderId: row.id,
    reference: row.reference,
    paymentMethod: paymentMethodOf(row.payment_method),
    amount: Number(row.total),
    subtotal: Number(row.subtotal),
    shipping: Number(row.shipping),
    discount: Number(row.discount),
    tax: Number(row.tax ?? 0),
    taxRate: Number(row.tax_rate ?? 0),
    taxCertificate: row.tax_certificate_number,
    shippingOption: shippingOptionOf(row.shipping_option),
    address,
    addressSaved: false,
    promoCode: row.promo_code,
    mock: options.mock,
    email: row.email,
    prescriptionRequired: Boolean(prescription),
  };
}
