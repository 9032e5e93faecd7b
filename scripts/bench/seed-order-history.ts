import type { Insertable } from 'kysely';
import { hsaFsaStatus, type ProductRecord } from '../../app/commerce/catalogue/catalog';
import type { Fulfilment, OrderItemTable, OrderStatus, OrderTable } from '../../server/db/schema';
import type { BulkWriter } from './bulk-writer';
import { address, person } from './people';
import { random, type Random } from './prng';
import type { Customer } from './seed-customers';

/**
 * A store's order history for the growth bench (the console bench's seed-orders.ts writes a
 * simpler one): `count` orders over the `days` before now, in the order they were placed, one to
 * three lines each of a catalogue where some products sell far more than others. Customers
 * place most (85 %), guests the rest. What happened to an order follows from its age, as in a
 * store that keeps up: unpaid ones were cancelled by the abandoned-order sweep within the hour,
 * a paid order is packed within a day, shipped within three and delivered within a week; a few
 * failed or were refunded. So the console's "waiting to ship" holds about a day's orders.
 * Deterministic for a seed.
 */
export interface OrderHistoryOptions {
  count: number;
  customers: readonly Customer[];
  products: readonly ProductRecord[];
  /** Accounts that place exactly this many of the orders (the bench's signed-in shopper). */
  regulars?: readonly { customer: Customer; orders: number }[];
  days?: number;
  now?: number;
  seed?: number;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCES = REFERENCE_ALPHABET.length ** 8;
// A step that visits every reference once (it shares no factor with 31): references look random.
const STEP = 2_654_435_761;

/** The n-th order's reference: distinct for every n below 31^8. */
export function referenceOf(n: number): string {
  let value = (n * STEP + 12_345_678) % REFERENCES;
  let code = '';
  for (let i = 0; i < 8; i++) {
    code = REFERENCE_ALPHABET.charAt(value % REFERENCE_ALPHABET.length) + code;
    value = Math.floor(value / REFERENCE_ALPHABET.length);
  }
  return `MS-${code}`;
}

function fate(rng: Random, age: number): { status: OrderStatus; fulfilment: Fulfilment; paid: boolean } {
  const draw = rng.next();
  if (age < HOUR && draw < 0.2) return { status: 'pending', fulfilment: 'unfulfilled', paid: false };
  if (draw < 0.03) return { status: 'cancelled', fulfilment: 'unfulfilled', paid: false };
  if (draw < 0.04) return { status: 'failed', fulfilment: 'unfulfilled', paid: false };
  const shipping = rng.next();
  let fulfilment: Fulfilment;
  if (age < 6 * HOUR) fulfilment = 'unfulfilled';
  else if (age < DAY) fulfilment = shipping < 0.5 ? 'packed' : 'unfulfilled';
  else if (age < 3 * DAY) fulfilment = shipping < 0.8 ? 'shipped' : 'packed';
  else if (age < 7 * DAY) fulfilment = shipping < 0.5 ? 'shipped' : 'delivered';
  else fulfilment = 'delivered';
  if (draw < 0.065) return { status: 'refunded', fulfilment, paid: true };
  return { status: 'paid', fulfilment, paid: true };
}

export async function seedOrderHistory(writer: BulkWriter, options: OrderHistoryOptions): Promise<void> {
  const { count, customers, regulars = [], days = 1095, now = Date.now(), seed = 1_000_000 } = options;
  const rng = random(seed);
  // Popularity: the catalogue in a random order, the first products bought far more often.
  const ranked = [...options.products];
  for (let i = ranked.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [ranked[i], ranked[j]] = [ranked[j] as ProductRecord, ranked[i] as ProductRecord];
  }
  // The regulars' orders, spread evenly over the period.
  const regularAt = new Map<number, Customer>();
  for (const { customer, orders } of regulars) {
    for (let k = 0; k < orders; k++) {
      let at = Math.floor(((k + 0.5) / orders) * count);
      while (regularAt.has(at)) at++;
      regularAt.set(at, customer);
    }
  }
  const span = days * DAY - 10 * 60_000;
  // What happened after the order, never later than now.
  const past = (at: number) => Math.min(at, now - 60_000);
  const first = now - days * DAY;
  const batch = 2000;
  for (let start = 0; start < count; start += batch) {
    const orders: Insertable<OrderTable>[] = [];
    const items: Insertable<OrderItemTable>[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const id = rng.uuid();
      const created = first + Math.floor(((i + rng.next()) / count) * span);
      const lines = rng.chance(0.55) ? 1 : rng.chance(0.67) ? 2 : 3;
      let subtotal = 0;
      for (let l = 0; l < lines; l++) {
        const product = ranked[Math.floor(rng.next() ** 2.2 * ranked.length)] as ProductRecord;
        const quantity = rng.chance(0.8) ? 1 : rng.chance(0.75) ? 2 : 3;
        subtotal += product.price * quantity;
        items.push({
          id: rng.uuid(),
          order_id: id,
          position: l,
          product_id: product.id,
          name: product.name,
          image_url: product.images[0]?.src ?? '/images/placeholder.svg',
          unit_price: product.price,
          quantity,
          line_total: product.price * quantity,
          hsa_fsa: hsaFsaStatus(product),
          prescription_required: writer.flag(product.prescriptionRequired),
        });
      }
      const customer = regularAt.get(i) ?? (rng.chance(0.85) ? rng.pick(customers) : undefined);
      const guest = person(rng);
      const name = customer?.name ?? `${guest.firstName} ${guest.lastName}`;
      const email = customer?.email ?? `${guest.firstName}.${guest.lastName}.g${i}@example.com`.toLowerCase();
      const where = address(rng);
      const { status, fulfilment, paid } = fate(rng, now - created);
      const expedited = rng.chance(0.2);
      const shipping = expedited ? 2499 : subtotal >= 49_900 ? 0 : 999;
      const promo = rng.chance(0.08);
      const discount = promo ? Math.round(subtotal * 0.1) : 0;
      const tax = Math.round(((subtotal - discount) * where.taxRate) / 100_000);
      const total = subtotal - discount + shipping + tax;
      const bank = rng.chance(0.1);
      const paidAt = paid ? past(created + rng.int(5_000, 90_000)) : null;
      const shipped = fulfilment === 'shipped' || fulfilment === 'delivered';
      const shippedAt = shipped ? past(created + rng.int(20, 60) * HOUR) : null;
      const carrier = shipped ? rng.pick(['ups', 'usps', 'fedex']) : null;
      orders.push({
        id,
        reference: referenceOf(i),
        user_id: customer?.id ?? null,
        email,
        status,
        payment_method: bank ? 'bank_transfer' : 'card',
        subtotal,
        shipping,
        discount,
        total,
        promo_code: promo ? 'WELCOME10' : null,
        card_brand: paid && !bank ? rng.pick(['visa', 'mastercard', 'amex', 'discover']) : null,
        card_last4: paid && !bank ? String(rng.int(1000, 9999)) : null,
        bank_last4: paid && bank ? String(rng.int(1000, 9999)) : null,
        transaction_id: paid ? `test_${id}` : null,
        locked_by: null,
        locked_until: null,
        stock_held: status === 'paid' ? 1 : 0,
        created_at: created,
        updated_at: created,
        paid_at: paidAt,
        ship_name: name,
        ship_line1: where.line1,
        ship_line2: where.line2,
        ship_city: where.city,
        ship_state: where.state,
        ship_zip: where.zip,
        ship_phone: where.phone,
        shipping_option: expedited ? 'expedited' : 'standard',
        tax,
        tax_rate: where.taxRate,
        fulfilment,
        carrier,
        tracking_number: carrier ? `1Z${String(i).padStart(16, '0')}` : null,
        packed_at: fulfilment === 'unfulfilled' ? null : past(created + rng.int(2, 18) * HOUR),
        shipped_at: shippedAt,
        delivered_at: fulfilment === 'delivered' && shippedAt ? past(shippedAt + rng.int(1, 4) * DAY) : null,
        cancelled_at: status === 'cancelled' ? created + HOUR : null,
        cancelled_by: status === 'cancelled' ? 'system' : null,
        refunded_total: status === 'refunded' ? total : 0,
      });
    }
    await writer.transaction(async () => {
      await writer.insert('orders', orders);
      await writer.insert('order_items', items);
    });
  }
  if (writer.engine === 'sqlite') {
    // SQLite's order search index takes orders in batches after their commit (migration 0117):
    // the whole history in one here, as the server would over time.
    await writer.transaction(async () => {
      await writer.execute(`insert into order_search (rowid, ship_name, email)
        select k.id, o.ship_name, o.email from order_search_pending p
        join order_search_keys k on k.id = p.key_id join orders o on o.id = k.order_id`);
      await writer.execute('delete from order_search_pending');
    });
  }
}
