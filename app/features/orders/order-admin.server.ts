import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { CONSOLE_FILTERS, FULFILMENT, isOneOf, sqlList, STATUS } from '~/commerce/order-states';
import { fromFulfilments, fromStatuses } from '~/commerce/order-moves';
import { isPostgres } from '#server/db/database';
import { containsText } from '#server/db/like';
import type { DatabaseSchema } from '#server/db/schema';
import { PAYMENT_METHOD_LABELS, type CardBrand, CARD_BRAND_LABELS } from '~/commerce/checkout/checkout';
import type { OrderListRow, OrderSearch, TimelineEntry } from './order-admin';
import { formatPrice } from '~/commerce/money';
import { carrierName } from '~/commerce/orders/fulfilment';
import { findOrderByReference, type OrderRow, orderView } from '~/commerce/orders/orders.server';
import { listRefunds } from './refunds.server';
import { indexPendingOrders } from '~/commerce/orders/order-search-index.server';

type Db = Kysely<DatabaseSchema>;

export const ORDERS_PAGE_SIZE = 25;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Paid and not shipped yet, written exactly as the partial index of migration 0012 says it:
 * the planners use a partial index only for a query whose text implies its condition.
 */
export const TO_SHIP = sql.raw<boolean>(
  `status = '${STATUS.paid}' and fulfilment in (${sqlList(fromFulfilments('ship'))})`,
);

type OrdersQuery = SelectQueryBuilder<DatabaseSchema, 'orders', object>;

/** Shorter text has no trigram: it is compared with every order's. */
const TRIGRAM = 3;

/** The orders a search matches, and how to list them newest first. */
interface Matches {
  query: OrdersQuery;
  /**
   * "created": by the time the order was made. "indexed": in the text index's own order, which
   * is the order the orders were recorded in (migration 0022), read newest first straight off
   * the index: a search matching many orders stops at its page instead of sorting them all.
   */
  newest: 'created' | 'indexed';
}

/**
 * Orders whose name or email (`columns`) hold `q`, ignoring case. PostgreSQL's trigram indexes
 * (migration 0012) serve a LIKE; SQLite's trigram index (migration 0022) is asked with the text
 * as one quoted phrase, which it matches as a substring of the columns named.
 */
function withText(db: Db, query: OrdersQuery, q: string, columns: ('ship_name' | 'email')[]): Matches {
  if (isPostgres(db) || q.length < TRIGRAM) {
    const contains = columns.map((column) => containsText(column, q));
    return { query: query.where(sql<boolean>`(${sql.join(contains, sql` or `)})`), newest: 'created' };
  }
  const phrase = `{${columns.join(' ')}} : "${q.replaceAll('"', '""')}"`;
  const joined = query
    .innerJoin(
      sql<{ id: number; order_id: string }>`order_search_keys`.as('search_key'),
      'search_key.order_id',
      'orders.id',
    )
    .innerJoin(sql<{ rowid: number }>`order_search`.as('search'), 'search.rowid', 'search_key.id')
    // The index's hidden column, named after its table, takes MATCH.
    .where(sql<boolean>`search.order_search match ${phrase}`);
  return { query: joined as unknown as OrdersQuery, newest: 'indexed' };
}

/** Newest first; the id breaks ties of the same millisecond. */
function newestFirst({ query, newest }: Matches): OrdersQuery {
  return newest === 'indexed'
    ? query.orderBy(sql`search.rowid`, 'desc')
    : query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc');
}

/**
 * The search and filters on the orders table (indexes: migration 0012; a whole email reads
 * orders_email_status_idx). Columns are named with their table: the text index's, joined on
 * SQLite, has a name and an email too.
 */
function filtered(db: Db, search: OrderSearch): Matches {
  let query = db.selectFrom('orders') as OrdersQuery;
  const q = search.q.trim();
  let matches: Matches | undefined;
  if (q) {
    const reference = q.toUpperCase().replace(/^MS-?/, '');
    if (/^MS-?[0-9A-Z]{1,8}$/i.test(q)) {
      // A reference, or its start: a range on the reference's index.
      query =
        reference.length === 8
          ? query.where('reference', '=', `MS-${reference}`)
          : query
              .where('reference', '>=', `MS-${reference}`)
              .where('reference', '<', `MS-${reference}\u{10FFFF}`);
    } else if (EMAIL.test(q)) {
      // A whole address (what staff paste from a customer's mail): the email index.
      query = query.where('orders.email', '=', q.toLowerCase());
    } else {
      matches = withText(db, query, q, q.includes('@') ? ['email'] : ['ship_name', 'email']);
      query = matches.query;
    }
  }
  const filter = search.filter;
  if (filter === 'to-ship') {
    // Written out as the partial index's own condition (migration 0012), so it is used.
    query = query.where(TO_SHIP);
  } else if (isOneOf(CONSOLE_FILTERS.fulfilment, filter)) {
    query = query.where('status', 'in', fromStatuses('deliver')).where('fulfilment', '=', filter);
  } else if (isOneOf(CONSOLE_FILTERS.status, filter)) {
    query = query.where('status', '=', filter);
  }
  if (search.from !== undefined) query = query.where('created_at', '>=', search.from);
  if (search.to !== undefined) query = query.where('created_at', '<', search.to);
  return { query, newest: matches?.newest ?? 'created' };
}

/**
 * A text search on SQLite reads the text index: the orders still queued for it (migration 0117)
 * go in first, so the search never misses a new order.
 */
async function indexedForSearch(db: Db, search: OrderSearch): Promise<void> {
  if (search.q.trim().length >= TRIGRAM) await indexPendingOrders(db);
}

/**
 * One page of orders, newest first; one row more than a page tells whether there is a next.
 * The units of the page's orders are summed afterwards, for its 25 orders only: summed inside
 * the page query, an engine may work them out for every match before it sorts.
 */
export async function searchOrders(db: Db, search: OrderSearch, page: number) {
  await indexedForSearch(db, search);
  const rows = await newestFirst(filtered(db, search))
    .select([
      'orders.id',
      'orders.reference',
      'orders.created_at',
      'orders.email',
      'orders.ship_name',
      'orders.total',
      'orders.refunded_total',
      'orders.status',
      'orders.fulfilment',
    ])
    // Literals (whole numbers of our own): with parameters, PostgreSQL cannot see that a page is
    // small and plans a sort of every order instead of a walk down the index (measured: 25 ms
    // against 2 ms at 100,000 orders).
    .limit(sql.lit(ORDERS_PAGE_SIZE + 1))
    .offset(sql.lit((page - 1) * ORDERS_PAGE_SIZE))
    .execute();
  const shown = rows.slice(0, ORDERS_PAGE_SIZE);
  const units =
    shown.length === 0
      ? []
      : await db
          .selectFrom('order_items')
          .select(['order_id', (eb) => eb.fn.sum<number>('quantity').as('units')])
          .where(
            'order_id',
            'in',
            shown.map((row) => row.id),
          )
          .groupBy('order_id')
          .execute();
  const unitsOf = new Map(units.map((u) => [u.order_id, Number(u.units)]));
  const orders: OrderListRow[] = shown.map((row) => ({
    reference: row.reference,
    createdAt: Number(row.created_at),
    email: row.email,
    name: row.ship_name,
    total: row.total,
    refundedTotal: Number(row.refunded_total),
    status: row.status,
    fulfilment: row.fulfilment,
    itemCount: unitsOf.get(row.id) ?? 0,
  }));
  return { orders, hasNext: rows.length > ORDERS_PAGE_SIZE };
}

/** Every matching order for the CSV download, in pages of rows, so memory stays flat. */
export async function* exportOrders(db: Db, search: OrderSearch): AsyncGenerator<OrderRow[]> {
  await indexedForSearch(db, search);
  const batch = 1000;
  for (let offset = 0; ; offset += batch) {
    const rows = await newestFirst(filtered(db, search))
      .selectAll('orders')
      .limit(batch)
      .offset(offset)
      .execute();
    if (rows.length > 0) yield rows as OrderRow[];
    if (rows.length < batch) return;
  }
}

export interface PaymentAttemptView {
  at: number;
  status: string;
  method: string;
  /** "Visa ending in 4242": never more of a card or account than this. */
  source: string | null;
  message: string | null;
}

/** An order with everything the console shows of it. */
export async function orderForStaff(db: Db, reference: string) {
  if (!/^MS-[0-9A-Z]{8}$/.test(reference)) return undefined;
  const row = await findOrderByReference(db, reference);
  if (!row) return undefined;
  const [view, attempts, events, refunds] = await Promise.all([
    orderView(db, row),
    db
      .selectFrom('payment_attempts')
      .select(['created_at', 'finished_at', 'status', 'method', 'card_brand', 'last4', 'message'])
      .where('order_id', '=', row.id)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('order_events').selectAll().where('order_id', '=', row.id).orderBy('at').execute(),
    listRefunds(db, row.id),
  ]);
  const payments: PaymentAttemptView[] = attempts.map((a) => ({
    at: Number(a.created_at),
    status: a.status,
    method: a.method === 'bank_transfer' ? PAYMENT_METHOD_LABELS.bank_transfer : PAYMENT_METHOD_LABELS.card,
    source: a.last4
      ? a.method === 'bank_transfer'
        ? `Bank account ending in ${a.last4}`
        : `${CARD_BRAND_LABELS[(a.card_brand ?? 'card') as CardBrand] ?? 'Card'} ending in ${a.last4}`
      : null,
    message: a.message,
  }));
  const timeline: TimelineEntry[] = [
    { at: Number(row.created_at), who: 'Shopper', text: `Order placed: ${formatPrice(row.total)}` },
    ...payments.map((p) => ({
      at: p.at,
      who: 'Shopper',
      text: `Payment ${p.status}${p.source ? ` (${p.source})` : ''}${p.message ? `: ${p.message}` : ''}`,
    })),
    ...events.map((e) => ({
      at: Number(e.at),
      who: e.actor_email ?? 'Store',
      text: eventText(e.kind, e.detail),
    })),
  ].sort((a, b) => a.at - b.at);
  return {
    id: row.id,
    view,
    payments,
    timeline,
    refunds: refunds.map((r) => ({
      at: Number(r.created_at),
      amount: r.amount,
      status: r.status,
      kind: r.kind,
      message: r.message,
    })),
  };
}

function eventText(kind: string, detail: string): string {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(detail) as Record<string, unknown>;
  } catch {
    // A detail we cannot read: the kind alone still tells what happened.
  }
  const amount = typeof data.amount === 'number' ? formatPrice(data.amount) : '';
  switch (kind) {
    case FULFILMENT.packed:
      return 'Marked packed';
    case FULFILMENT.shipped:
      return `Shipped with ${carrierName(String(data.carrier ?? '')) ?? 'a carrier'}, tracking number ${String(data.trackingNumber ?? '')}`;
    case FULFILMENT.delivered:
      return 'Marked delivered';
    case STATUS.cancelled:
      return typeof data.reason === 'string' ? `Cancelled: ${data.reason}` : 'Cancelled';
    case STATUS.refunded:
      return `Refunded ${amount}${data.kind === 'voided' ? ' (payment voided)' : ''}`;
    case 'refund_failed':
      return `Refund of ${amount} failed: ${String(data.message ?? '')}`;
    case 'note':
      return `Note: ${String(data.text ?? '')}`;
    default:
      // A return's steps (return-steps.server.ts): "Return R-XXXXXX approved".
      return kind.startsWith('return_') ? `Return ${String(data.number ?? '')} ${kind.slice(7)}` : kind;
  }
}
