import { randomInt, randomUUID } from 'node:crypto';
import { FULFILMENT, PLACED_STATUSES, STATUS } from '~/commerce/order-states';
import type { Kysely, Selectable } from 'kysely';
import { preparedQuery } from '#server/db/prepared';
import type { DatabaseSchema, OrderTable } from '#server/db/schema';
import { type CardBrand, type PaymentMethod, paymentMethodOf } from '../checkout/checkout';
import type { Address } from '../delivery/address.schema';
import { shippingOptionOf } from '../delivery/shipping-options';
import { type ShippingOption } from '~/commerce/shipping';
import { isUsStateCode } from '../delivery/us-states';
import { cancelAbandonedOrders } from './abandoned-checkouts.server';
import { carrierName, trackingUrl } from './fulfilment';
import type { OrderLine, OrderView, OrderViewLine, Shipment } from './orders';

type Db = Kysely<DatabaseSchema>;
export type OrderRow = Selectable<OrderTable>;

/** Where the parcel is, from the order's row (the carrier's page only for a carrier we know). */
function shipmentOf(row: {
  carrier: string | null;
  tracking_number: string | null;
  shipped_at: number | null;
}): Shipment | null {
  if (!row.carrier || !row.tracking_number || row.shipped_at === null) return null;
  return {
    carrier: carrierName(row.carrier) ?? row.carrier,
    trackingNumber: row.tracking_number,
    trackingUrl: trackingUrl(row.carrier, row.tracking_number) ?? null,
    shippedAt: Number(row.shipped_at),
  };
}

// No 0/O, 1/I/L: a reference read out over the phone is never misheard or mistyped.
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** An order reference as we make them; anything else (from a hostile URL) is no reference. */
export const isOrderReference = (value: string): boolean => /^MS-[2-9A-HJKMNP-Z]{8}$/.test(value);

export function newOrderReference(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `MS-${code}`;
}

export interface NewOrder {
  userId: string | null;
  email: string | null;
  paymentMethod: PaymentMethod;
  subtotal: number;
  shipping: number;
  discount: number;
  tax: number;
  taxRate: number;
  total: number;
  promoCode: string | null;
  shippingOption: ShippingOption;
  address: Address;
  items: Omit<OrderLine, never>[];
  /** Placed by a member for their organisation: whose, who, and the purchase order given. */
  organisation?: { id: string; buyerName: string; poNumber: string | null };
  /** An accepted quote's order: payable, its units held, until the quote's expiry. */
  heldUntil?: number;
  /** The tax exemption certificate the quote found (tax is then 0). */
  taxCertificateNumber?: string | null;
}

/**
 * Stores a pending order and its lines in one transaction (one commit, one fsync on SQLite);
 * draws another reference when one is taken (`drawReference`: newOrderReference, or a test's
 * own draws). With `cancelAbandoned`, the account's older unpaid orders are
 * cancelled in the same transaction (a new checkout leaves them behind).
 */
export async function insertOrder(
  db: Db,
  order: NewOrder,
  options: { cancelAbandoned?: boolean; drawReference?: () => string } = {},
): Promise<OrderRow> {
  return db.transaction().execute((trx) => insertOrderIn(trx, order, options));
}

/**
 * `insertOrder` inside the caller's transaction: an accepted quote's order is stored in the
 * transaction that takes its units, so neither is kept without the other.
 */
export async function insertOrderIn(
  trx: Db,
  order: NewOrder,
  options: { cancelAbandoned?: boolean; drawReference?: () => string } = {},
): Promise<OrderRow> {
  const drawReference = options.drawReference ?? newOrderReference;
  if (options.cancelAbandoned && order.userId) await cancelAbandonedOrders(trx, order.userId);
  for (let attempt = 0; ; attempt++) {
    const reference = drawReference();
    const now = Date.now();
    const row: OrderRow = {
      id: randomUUID(),
      reference,
      user_id: order.userId,
      email: order.email,
      status: STATUS.pending,
      payment_method: order.paymentMethod,
      subtotal: order.subtotal,
      shipping: order.shipping,
      discount: order.discount,
      total: order.total,
      promo_code: order.promoCode,
      card_brand: null,
      card_last4: null,
      bank_last4: null,
      transaction_id: null,
      locked_by: null,
      locked_until: null,
      stock_held: 0,
      created_at: now,
      updated_at: now,
      paid_at: null,
      ship_name: order.address.recipientName,
      ship_line1: order.address.line1,
      ship_line2: order.address.line2,
      ship_city: order.address.city,
      ship_state: order.address.state,
      ship_zip: order.address.zip,
      ship_phone: order.address.phone,
      shipping_option: order.shippingOption,
      tax: order.tax,
      tax_rate: order.taxRate,
      fulfilment: FULFILMENT.unfulfilled,
      carrier: null,
      tracking_number: null,
      packed_at: null,
      shipped_at: null,
      delivered_at: null,
      cancelled_at: null,
      cancelled_by: null,
      refunded_total: 0,
      organisation_id: order.organisation?.id ?? null,
      buyer_name: order.organisation?.buyerName ?? null,
      po_number: order.organisation?.poNumber ?? null,
      held_until: order.heldUntil ?? null,
      tax_certificate_number: order.taxCertificateNumber ?? null,
    };
    // A reference already taken inserts nothing and another is drawn: one statement, where a
    // look first was a second round trip to PostgreSQL for a one-in-a-trillion case.
    const inserted = await trx
      .insertInto('orders')
      .values(row)
      .onConflict((oc) => oc.column('reference').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      if (attempt < 5) continue;
      throw new Error('no free order reference after 6 draws');
    }
    await trx
      .insertInto('order_items')
      .values(
        order.items.map((item, position) => ({
          id: randomUUID(),
          order_id: row.id,
          position,
          product_id: item.productId,
          name: item.name,
          image_url: item.imageUrl,
          unit_price: item.unitPrice,
          quantity: item.quantity,
          line_total: item.lineTotal,
          hsa_fsa: item.hsaFsa,
          // 0/1: SQLite has no boolean, and PostgreSQL reads '1' and '0' as booleans.
          prescription_required: Number(item.prescriptionRequired),
          hcpcs_code: item.hcpcsCode,
          hcpcs_modifier: item.hcpcsCode ? item.hcpcsModifier : null,
        })),
      )
      .execute();
    return row;
  }
}

export function findOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** The order with this (well-formed) reference, whoever it belongs to: callers check access. */
export function findOrderByReference(db: Db, reference: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/**
 * Whether this account or address has a paid order (first-order promotions); an order authorised
 * while its prescription is reviewed counts (if it is rejected, it no longer does).
 */
export async function hasPaidOrder(
  db: Db,
  who: { userId?: string | null; email?: string | null },
): Promise<boolean> {
  const email = who.email?.trim().toLowerCase();
  if (!who.userId && !email) return false;
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', PLACED_STATUSES)
    .where((eb) =>
      eb.or([
        ...(who.userId ? [eb('user_id', '=', who.userId)] : []),
        ...(email ? [eb('email', '=', email)] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

async function linesOf(db: Db, orderIds: string[]): Promise<Map<string, OrderViewLine[]>> {
  const byOrder = new Map<string, OrderViewLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push({
      id: row.id,
      productId: row.product_id,
      name: row.name,
      imageUrl: row.image_url,
      unitPrice: row.unit_price,
      quantity: row.quantity,
      hsaFsa: row.hsa_fsa,
      prescriptionRequired: Boolean(row.prescription_required),
      hcpcsCode: row.hcpcs_code ?? null,
      hcpcsModifier: row.hcpcs_modifier ?? null,
      lineTotal: row.line_total,
      refundedQuantity: Number(row.refunded_quantity),
    });
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

/** The address an order was sent to, as it was written at checkout. */
export function addressOf(row: OrderRow): Address | null {
  const { ship_name, ship_line1, ship_city, ship_state, ship_zip, ship_phone } = row;
  if (!ship_name || !ship_line1 || !ship_city || !ship_state || !ship_zip || !ship_phone) return null;
  if (!isUsStateCode(ship_state)) return null;
  return {
    recipientName: ship_name,
    line1: ship_line1,
    line2: row.ship_line2 ?? '',
    city: ship_city,
    state: ship_state,
    zip: ship_zip,
    phone: ship_phone,
  };
}

function toView(row: OrderRow, items: OrderViewLine[]): OrderView {
  const address = addressOf(row);
  return {
    reference: row.reference,
    status: row.status,
    paymentMethod: paymentMethodOf(row.payment_method),
    email: row.email,
    subtotal: row.subtotal,
    shipping: row.shipping,
    discount: row.discount,
    tax: address ? row.tax : null,
    taxRate: address ? row.tax_rate : null,
    taxCertificate: row.tax_certificate_number,
    total: row.total,
    promoCode: row.promo_code,
    shippingOption: shippingOptionOf(row.shipping_option),
    address,
    cardBrand: row.card_brand as CardBrand | null,
    cardLast4: row.card_last4,
    bankLast4: row.bank_last4,
    createdAt: Number(row.created_at),
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
    fulfilment: row.fulfilment,
    shipment: shipmentOf(row),
    deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
    refundedTotal: Number(row.refunded_total),
    items,
  };
}

export async function orderView(db: Db, row: OrderRow): Promise<OrderView> {
  return toView(row, (await linesOf(db, [row.id])).get(row.id) ?? []);
}

/**
 * The account's order history: orders that reached the payment step, and those staff
 * cancelled (the shopper was mailed about them), newest first. Compiled once (ADR 0034).
 */
export async function listUserOrders(db: Db, userId: string, limit = 50): Promise<OrderView[]> {
  const rows = await historyRows(db, { userId, limit });
  const ids = rows.map((row) => row.id);
  const lines = await linesOf(db, ids);
  return rows.map((row) => toView(row, lines.get(row.id) ?? []));
}

const historyRows = preparedQuery((db: Db, p: { userId: string; limit: number }) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', p.userId)
    .where((eb) =>
      eb.or([
        eb('status', 'in', [STATUS.authorized, STATUS.paid, STATUS.invoiced, STATUS.failed, STATUS.refunded]),
        eb.and([eb('status', '=', STATUS.cancelled), eb('cancelled_by', '=', 'staff')]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(p.limit),
);

/** One order of this user's by its reference; undefined for anyone else's (a 404, not a 403). */
export async function findUserOrder(
  db: Db,
  userId: string,
  reference: string,
): Promise<OrderView | undefined> {
  const row = await findUserOrderRow(db, userId, reference);
  return row ? orderView(db, row) : undefined;
}

/** findUserOrder's row, for a caller that needs more of it than the view carries. */
export async function findUserOrderRow(
  db: Db,
  userId: string,
  reference: string,
): Promise<OrderRow | undefined> {
  // A malformed reference (from a hostile URL) is not found without a query: PostgreSQL
  // answers NUL bytes in text with an error, which would surface as a 500.
  if (!isOrderReference(reference)) return undefined;
  return db
    .selectFrom('orders')
    .selectAll()
    .where('reference', '=', reference)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('status', '!=', STATUS.cancelled), eb('cancelled_by', '=', 'staff')]))
    .executeTakeFirst();
}
