import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '#server/db/schema';
import { anonymiseOrdersOf } from '~/commerce/orders/order-writes.server';
import { eraseHealthDataOf } from '~/commerce/prescriptions/prescription-sealing.server';
import type { PrescriptionView } from '~/commerce/prescriptions/prescriptions';
import { prescriptionsOfOrders } from '~/commerce/prescriptions/prescriptions.server';
import type { HealthDataKeyring } from '~/lib/health-data/health-data-keys.server';
import { eraseRefillPlansOf, refillPlansForExport } from '~/commerce/refills/refill-plans-data.server';
import { dollars, eraseOrganisationBuying, iso, organisationBuyingDataOf } from './organisation-data.server';

type Db = Kysely<DatabaseSchema>;

/**
 * Everything the store holds about one person, in one place: a table that gains personal data
 * must be added here, to the download and to the erasure. Better Auth's tables (profile,
 * sign-in methods, sessions) are read through its API by the caller.
 */

/**
 * The reviews feature's part of a shopper's data (its own table and the products' ratings),
 * handed in by the routes that compose both: privacy does not import the reviews feature.
 */
export interface ReviewData {
  reviewsForExport(db: Db, userId: string): Promise<unknown>;
  eraseReviews(trx: Db, userId: string): Promise<string[]>;
}

/** A prescription as the download gives it: what the shopper sent and how it was reviewed. */
function prescriptionData(view: PrescriptionView | undefined) {
  if (!view) return null;
  return {
    kind: view.kind,
    fileName: view.fileName,
    prescriberName: view.prescriberName,
    prescriberPhone: view.prescriberPhone,
    prescriberNpi: view.claim.prescriberNpi,
    diagnosisCodes: view.claim.diagnosisCodes,
    prescribedOn: view.claim.prescribedOn,
    lengthOfNeedMonths: view.claim.lengthOfNeed,
    status: view.status,
    reason: view.reason,
    sentAt: iso(view.createdAt),
    reviewedAt: iso(view.reviewedAt),
  };
}

export async function personalDataOf(
  db: Db,
  keys: HealthDataKeyring,
  user: { id: string; email: string },
  reviewData: ReviewData,
) {
  const email = user.email.toLowerCase();
  const [addresses, orders, wishlist, cart, newsletter, messages, reviews, buying, refillPlans] =
    await Promise.all([
      db.selectFrom('addresses').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute(),
      db.selectFrom('orders').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute(),
      db
        .selectFrom('wishlist_items')
        .leftJoin('products', 'products.id', 'wishlist_items.product_id')
        .select(['wishlist_items.product_id', 'products.name', 'wishlist_items.created_at'])
        .where('wishlist_items.user_id', '=', user.id)
        .orderBy('wishlist_items.created_at')
        .execute(),
      db.selectFrom('cart_items').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute(),
      db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst(),
      db
        .selectFrom('contact_messages')
        .selectAll()
        .where('email', '=', email)
        .orderBy('created_at')
        .execute(),
      reviewData.reviewsForExport(db, user.id),
      organisationBuyingDataOf(db, user),
      refillPlansForExport(db, user.id),
    ]);
  const orderIds = orders.map((order) => order.id);
  // The shopper's own health data, opened for them alone (docs/security.md, "Health data").
  const prescriptions = await prescriptionsOfOrders(db, keys, orderIds);
  const items = orderIds.length
    ? await db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('position')
        .execute()
    : [];
  return {
    addresses: addresses.map((a) => ({
      recipientName: a.recipient_name,
      line1: a.line1,
      line2: a.line2,
      city: a.city,
      state: a.state,
      zip: a.zip,
      phone: a.phone,
      isDefault: Boolean(a.is_default),
      createdAt: iso(a.created_at),
    })),
    orders: orders.map((o) => ({
      reference: o.reference,
      placedAt: iso(o.created_at),
      paidAt: iso(o.paid_at),
      payment: o.status,
      delivery: o.fulfilment,
      email: o.email,
      items: items
        .filter((item) => item.order_id === o.id)
        .map((item) => ({
          productId: item.product_id,
          name: item.name,
          unitPrice: dollars(item.unit_price),
          quantity: item.quantity,
          lineTotal: dollars(item.line_total),
        })),
      subtotal: dollars(o.subtotal),
      shipping: dollars(o.shipping),
      discount: dollars(o.discount),
      tax: dollars(o.tax),
      total: dollars(o.total),
      refunded: dollars(o.refunded_total),
      promoCode: o.promo_code,
      paidWith: o.card_last4
        ? { card: o.card_brand, last4: o.card_last4 }
        : o.bank_last4
          ? { bankAccountLast4: o.bank_last4 }
          : { method: o.payment_method },
      shipTo: o.ship_name
        ? {
            name: o.ship_name,
            line1: o.ship_line1,
            line2: o.ship_line2,
            city: o.ship_city,
            state: o.ship_state,
            zip: o.ship_zip,
            phone: o.ship_phone,
          }
        : null,
      carrier: o.carrier,
      trackingNumber: o.tracking_number,
      purchaseOrder: o.po_number,
      prescription: prescriptionData(prescriptions.get(o.id)),
    })),
    wishlist: wishlist.map((w) => ({ productId: w.product_id, name: w.name, addedAt: iso(w.created_at) })),
    cart: cart.map((c) => ({
      productId: c.product_id,
      name: c.name,
      price: dollars(c.price),
      quantity: c.quantity,
      addedAt: iso(c.created_at),
    })),
    newsletter: newsletter
      ? {
          email: newsletter.email,
          subscribedAt: iso(newsletter.subscribed_at),
          confirmedAt: iso(newsletter.confirmed_at),
          unsubscribedAt: iso(newsletter.unsubscribed_at),
        }
      : null,
    contactMessages: messages.map((m) => ({ sentAt: iso(m.created_at), name: m.name, message: m.message })),
    reviews,
    refillPlans,
    ...buying,
  };
}

/**
 * Erases an account in one transaction. Orders stay, as tax and accounting records must, with
 * what identifies the person removed (name, street, phone, email, the link to the account);
 * the city, state and ZIP stay because the sales tax was charged by them. The account row goes
 * last: its sessions, sign-in methods, second factors, addresses, cart and wishlist go with it
 * (foreign keys, on both engines). The newsletter subscription, contact messages and any code
 * or link by email for the address go too, its quotes, and the account's reviews: `reviewedProducts` lost
 * a published one, and their pages change once this commits. Its organisation membership goes
 * (eraseOrganisationBuying: refused with `ErasureRefused` for a last admin with colleagues).
 * Its refill plans are cancelled, their address erased; the caller has the gateway forget
 * their saved cards (`refillCardTokens`) after the commit.
 */
export async function eraseAccount(trx: Db, user: { id: string; email: string }, reviewData: ReviewData) {
  const email = user.email.toLowerCase();
  await eraseOrganisationBuying(trx, user);
  // Health data first, while the orders still name their account.
  await eraseHealthDataOf(trx, user.id);
  // Its refill plans stop; the gateway forgets their cards once this has committed.
  const refillCardTokens = await eraseRefillPlansOf(trx, user.id);
  const anonymised = await anonymiseOrdersOf(trx, user.id);
  await trx.updateTable('order_events').set({ actor_email: null }).where('actor_id', '=', user.id).execute();
  const reviewedProducts = await reviewData.eraseReviews(trx, user.id);
  // Quotes hold the address and the messages (their lines and thread go with them); an accepted
  // quote's order stays, anonymised above.
  await trx.deleteFrom('quotes').where('user_id', '=', user.id).execute();
  const subscriber = await trx
    .selectFrom('newsletter_subscribers')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (subscriber) {
    await trx.deleteFrom('campaign_recipients').where('subscriber_id', '=', subscriber.id).execute();
    await trx.deleteFrom('newsletter_subscribers').where('id', '=', subscriber.id).execute();
  }
  const messages = trx.selectFrom('contact_messages').select('id').where('email', '=', email);
  await trx.deleteFrom('contact_replies').where('message_id', 'in', messages).execute();
  await trx.deleteFrom('contact_messages').where('email', '=', email).execute();
  const authTables = trx as unknown as Kysely<Record<string, Record<string, string>>>;
  await authTables.deleteFrom('verification').where('identifier', 'like', `%-otp-${email}`).execute();
  await authTables.deleteFrom('user').where('id', '=', user.id).execute();
  return { ordersKept: anonymised, reviewedProducts, refillCardTokens };
}
