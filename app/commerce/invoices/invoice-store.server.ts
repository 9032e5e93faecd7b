import type { Kysely } from 'kysely';
import type { DatabaseSchema, InvoiceTable } from '#server/db/schema';
import { findOrder, orderView } from '../orders/orders.server';
import { invoicePdf } from './invoice-pdf.server';

/**
 * Reading invoices: by number, with their order and organisation, as the PDF, and who an
 * organisation's invoice mails go to. Shared by checkout (the first mail), the organisation's
 * invoices page, the console and the reminder job.
 */
type Db = Kysely<DatabaseSchema>;

/** Better Auth's user columns read here (its table is typed by Better Auth, not our schema). */
interface UserTable {
  user: { id: string; email: string; firstName: string; lastName: string };
}
const users = (db: Db) => db as unknown as Kysely<UserTable>;

export function findInvoiceByNumber(db: Db, number: string): Promise<InvoiceTable | undefined> {
  return db.selectFrom('invoices').selectAll().where('number', '=', number).executeTakeFirst();
}

export function findInvoiceOfOrder(db: Db, orderId: string): Promise<InvoiceTable | undefined> {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The invoice's PDF as it stands now (what is paid so far included). */
export async function invoicePdfOf(db: Db, invoice: InvoiceTable): Promise<Buffer> {
  const order = await findOrder(db, invoice.order_id);
  if (!order) throw new Error(`invoice ${invoice.number} has no order`);
  const organisation = await db
    .selectFrom('organisations')
    .select(['name', 'line1', 'line2', 'city', 'state', 'zip'])
    .where('id', '=', invoice.organisation_id)
    .executeTakeFirstOrThrow();
  // Another part of issue 34 adds the order's tax exemption certificate; read it when present.
  const certificate = order.tax_certificate_number;
  return invoicePdf({
    number: invoice.number,
    issuedAt: Number(invoice.issued_at),
    dueAt: Number(invoice.due_at),
    termsDays: invoice.terms_days,
    amount: invoice.amount,
    paidAmount: invoice.paid_amount,
    organisation,
    order: await orderView(db, order),
    poNumber: order.po_number,
    buyerName: order.buyer_name,
    taxCertificateNumber: certificate,
  });
}

/**
 * Where an invoice's mails go: the buyer who placed the order and the organisation's admins,
 * each once (a buyer who is an admin gets one mail).
 */
export async function invoiceRecipients(db: Db, invoice: InvoiceTable): Promise<string[]> {
  const order = await findOrder(db, invoice.order_id);
  const admins = await users(db)
    .selectFrom('user')
    .select('user.email')
    .where(
      'user.id',
      'in',
      db
        .selectFrom('organisation_members')
        .select('user_id')
        .where('organisation_id', '=', invoice.organisation_id)
        .where('role', '=', 'admin'),
    )
    .execute();
  const all = [order?.email ?? null, ...admins.map((a) => a.email.toLowerCase())];
  return [...new Set(all.filter((email): email is string => Boolean(email)))];
}
