import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/database';
import type { DatabaseSchema, InvoiceTable } from '#server/db/schema';
import type { BuyingContext, CartBuying } from '../organisations/organisations';
import { buyingContext } from '../organisations/organisations.server';
import { DAY_MS, HOLD_AFTER_OVERDUE_DAYS, INVOICE_STATUS, INVOICE_TEXT, invoiceNumber } from './invoices';

/**
 * Paying on an organisation's terms (docs/decisions/0058): whether it may, and the placing of an
 * order on them, which checks the credit limit and writes the invoice in the payment lock's
 * transaction, with the organisation's row locked first on PostgreSQL, so two buyers placing
 * orders at once cannot both fit under a limit only one fits under.
 */
type Db = Kysely<DatabaseSchema>;

/** What an organisation owes: the unpaid part of its invoices, in cents. */
export async function openBalance(db: Db, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select(sql<string | number | null>`sum(amount - paid_amount)`.as('owed'))
    .where('organisation_id', '=', organisationId)
    .where('status', '!=', INVOICE_STATUS.paid)
    .executeTakeFirst();
  return Number(row?.owed ?? 0);
}

/** The oldest unpaid invoice due before `before`, if any. */
async function oldestOverdue(db: Db, organisationId: string, before: number) {
  return db
    .selectFrom('invoices')
    .select(['number', 'due_at'])
    .where('organisation_id', '=', organisationId)
    .where('status', '!=', INVOICE_STATUS.paid)
    .where('due_at', '<=', before)
    .orderBy('due_at')
    .executeTakeFirst();
}

export interface TermsStanding {
  termsDays: number;
  /** Cents; null: no limit. */
  creditLimit: number | null;
  balance: number;
  /** Why paying by invoice is paused (card only), or null while it is open. */
  held: string | null;
}

/**
 * The organisation's terms and whether they are held: an invoice 30 days or more overdue, or
 * open invoices at the credit limit. Undefined when the organisation has no terms.
 */
export async function termsStanding(
  db: Db,
  organisation: Pick<BuyingContext['organisation'], 'id' | 'termsDays' | 'creditLimit'>,
  now = Date.now(),
): Promise<TermsStanding | undefined> {
  if (organisation.termsDays === null) return undefined;
  const balance = await openBalance(db, organisation.id);
  const overdue = await oldestOverdue(db, organisation.id, now - HOLD_AFTER_OVERDUE_DAYS * DAY_MS);
  let held: string | null = null;
  if (overdue) held = INVOICE_TEXT.heldOverdue(overdue.number);
  else if (organisation.creditLimit !== null && balance >= organisation.creditLimit)
    held = INVOICE_TEXT.heldOverLimit(organisation.creditLimit);
  return { termsDays: organisation.termsDays, creditLimit: organisation.creditLimit, balance, held };
}

/** Paying by invoice was refused: terms held, or the order does not fit the credit left. */
export class TermsRefusedError extends Error {}

/** The next invoice number: one UPDATE of the counter row, inside the caller's transaction. */
async function nextInvoiceNumber(trx: Db): Promise<string> {
  await trx
    .updateTable('invoice_numbers')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('id', '=', 'store')
    .execute();
  const row = await trx
    .selectFrom('invoice_numbers')
    .select('last_number')
    .where('id', '=', 'store')
    .executeTakeFirstOrThrow();
  return invoiceNumber(Number(row.last_number));
}

/**
 * Inside the payment lock's transaction: locks the organisation's row (PostgreSQL; SQLite runs
 * one writer at a time), reads its terms afresh, refuses when they are held or the order does not
 * fit (open balance + total <= credit limit), and writes the order's invoice. The caller moves
 * the order to invoiced in the same transaction; a refusal rolls everything back.
 */
export async function invoiceOnTerms(
  trx: Db,
  order: { id: string; total: number; organisation_id: string | null },
  now = Date.now(),
): Promise<InvoiceTable> {
  if (!order.organisation_id) throw new TermsRefusedError(INVOICE_TEXT.notOffered);
  let query = trx
    .selectFrom('organisations')
    .select(['id', 'status', 'terms_days', 'credit_limit'])
    .where('id', '=', order.organisation_id);
  if (isPostgres<DatabaseSchema>(trx)) query = query.forUpdate();
  const organisation = await query.executeTakeFirst();
  if (!organisation || organisation.status !== 'approved' || organisation.terms_days === null) {
    throw new TermsRefusedError(INVOICE_TEXT.notOffered);
  }
  const standing = await termsStanding(
    trx,
    {
      id: organisation.id,
      termsDays: organisation.terms_days,
      creditLimit: organisation.credit_limit,
    },
    now,
  );
  if (standing?.held) throw new TermsRefusedError(standing.held);
  const limit = organisation.credit_limit;
  if (limit !== null && (standing?.balance ?? 0) + order.total > limit) {
    throw new TermsRefusedError(INVOICE_TEXT.overCredit(limit, standing?.balance ?? 0));
  }
  const invoice: InvoiceTable = {
    id: randomUUID(),
    number: await nextInvoiceNumber(trx),
    organisation_id: organisation.id,
    order_id: order.id,
    amount: order.total,
    paid_amount: 0,
    status: INVOICE_STATUS.open,
    terms_days: organisation.terms_days,
    issued_at: now,
    due_at: now + organisation.terms_days * DAY_MS,
    paid_at: null,
    reminder_due_sent_at: null,
    reminder_overdue_sent_at: null,
  };
  await trx.insertInto('invoices').values(invoice).execute();
  return invoice;
}

/** The cart's view of a member's buying (undefined for a consumer): PO field and invoice terms. */
export async function cartBuying(db: Db, userId: string): Promise<CartBuying | undefined> {
  const context = await buyingContext(db, userId);
  if (!context) return undefined;
  const standing = await termsStanding(db, context.organisation);
  return {
    organisation: context.organisation.name,
    poRequired: context.organisation.poRequired,
    termsDays: standing?.termsDays ?? null,
    held: standing?.held ?? null,
  };
}
