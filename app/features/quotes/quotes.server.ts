import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, QuoteTable } from '#server/db/schema';
import type { Address } from '~/commerce/delivery/address.schema';
import { isUsStateCode } from '~/commerce/delivery/us-states';
import { isQuoteReference, type QuoteStatus } from '~/commerce/quotes';

/** Reading quotes (docs/decisions/0059): the shopper's list and page, the console's. */
type Db = Kysely<DatabaseSchema>;
export type QuoteRow = Selectable<QuoteTable>;

export class QuoteError extends Error {
  constructor(
    readonly code: 'not_found' | 'conflict' | 'expired' | 'sold_out' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newQuoteReference(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `Q-${code}`;
}

export interface QuoteLineView {
  id: string;
  productId: string;
  name: string;
  quantity: number;
  listPrice: number;
  quotedPrice: number | null;
}

export interface QuoteMessageView {
  id: string;
  author: 'shopper' | 'staff';
  body: string;
  at: number;
}

export interface QuoteView {
  id: string;
  reference: string;
  userId: string;
  organisationId: string | null;
  /** As the shopper and staff see it: an answered quote past its expiry reads expired. */
  status: QuoteStatus;
  address: Address;
  expiresAt: number | null;
  orderId: string | null;
  orderReference: string | null;
  createdAt: number;
  lines: QuoteLineView[];
  messages: QuoteMessageView[];
}

/** An answered quote past its expiry is expired, whether or not anything wrote it down. */
export function shownStatus(row: Pick<QuoteRow, 'status' | 'expires_at'>, now = Date.now()): QuoteStatus {
  if (row.status === 'answered' && row.expires_at !== null && Number(row.expires_at) <= now) return 'expired';
  return row.status;
}

function addressOf(row: QuoteRow): Address {
  return {
    recipientName: row.ship_name,
    line1: row.ship_line1,
    line2: row.ship_line2,
    city: row.ship_city,
    state: isUsStateCode(row.ship_state) ? row.ship_state : 'NY',
    zip: row.ship_zip,
    phone: row.ship_phone,
  };
}

export async function quoteView(db: Db, row: QuoteRow): Promise<QuoteView> {
  const [lines, messages, order] = await Promise.all([
    db.selectFrom('quote_lines').selectAll().where('quote_id', '=', row.id).orderBy('position').execute(),
    db
      .selectFrom('quote_messages')
      .selectAll()
      .where('quote_id', '=', row.id)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    row.order_id
      ? db.selectFrom('orders').select('reference').where('id', '=', row.order_id).executeTakeFirst()
      : undefined,
  ]);
  return {
    id: row.id,
    reference: row.reference,
    userId: row.user_id,
    organisationId: row.organisation_id,
    status: shownStatus(row),
    address: addressOf(row),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    orderId: row.order_id,
    orderReference: order?.reference ?? null,
    createdAt: Number(row.created_at),
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.product_id,
      name: line.name,
      quantity: Number(line.quantity),
      listPrice: Number(line.list_price),
      quotedPrice: line.quoted_price === null ? null : Number(line.quoted_price),
    })),
    messages: messages.map((message) => ({
      id: message.id,
      author: message.author,
      body: message.body,
      at: Number(message.at),
    })),
  };
}

/** Any quote by its reference (the console); a malformed one is not looked for. */
export async function findQuote(db: Db, reference: string): Promise<QuoteRow | undefined> {
  if (!isQuoteReference(reference)) return undefined;
  return db.selectFrom('quotes').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** The shopper's own quote; anyone else's is not found (a 404, not a 403). */
export async function findUserQuote(db: Db, userId: string, reference: string) {
  const row = await findQuote(db, reference);
  return row && row.user_id === userId ? row : undefined;
}

export interface QuoteSummary {
  reference: string;
  status: QuoteStatus;
  units: number;
  createdAt: number;
  expiresAt: number | null;
}

/** The shopper's quotes, newest first. */
export async function listUserQuotes(db: Db, userId: string): Promise<QuoteSummary[]> {
  const rows = await db
    .selectFrom('quotes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  return summaries(db, rows);
}

export async function summaries(db: Db, rows: QuoteRow[]): Promise<QuoteSummary[]> {
  const units = rows.length
    ? await db
        .selectFrom('quote_lines')
        .select(['quote_id', (eb) => eb.fn.sum<number | string>('quantity').as('units')])
        .where(
          'quote_id',
          'in',
          rows.map((row) => row.id),
        )
        .groupBy('quote_id')
        .execute()
    : [];
  return rows.map((row) => ({
    reference: row.reference,
    status: shownStatus(row),
    units: Number(units.find((u) => u.quote_id === row.id)?.units ?? 0),
    createdAt: Number(row.created_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
  }));
}

/** The account's email, for the mails staff's answers and messages send. */
export async function accountEmail(db: Db, userId: string): Promise<string | undefined> {
  const users = db as unknown as Kysely<{ user: { id: string; email: string } }>;
  const row = await users.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}
