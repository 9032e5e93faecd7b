import { type AppLoadContext, data } from 'react-router';
import { buyingContext } from '~/commerce/organisations/organisations.server';
import { seesAllOrders } from '~/commerce/organisations/organisations';
import { termsStanding } from '~/commerce/invoices/invoice-terms.server';
import { findInvoiceByNumber, invoicePdfOf } from '~/commerce/invoices/invoice-store.server';
import { invoiceFileName } from '~/commerce/invoices/invoice-pdf.server';
import { type InvoiceStatus, isInvoiceNumber } from '~/commerce/invoices/invoices';
import { requireUser } from '~/lib/session.server';

/**
 * The organisation's invoices page and PDF (docs/decisions/0058): members only; admins and
 * approvers see every invoice, a buyer the invoices of their own orders. Anyone else's invoice
 * looks exactly like one that does not exist.
 */
export interface MemberInvoiceRow {
  number: string;
  orderReference: string;
  poNumber: string | null;
  buyerName: string | null;
  amount: number;
  paidAmount: number;
  status: InvoiceStatus;
  dueAt: number;
}

async function memberContext(context: AppLoadContext, request: Request) {
  const user = await requireUser(context, request);
  const buying = await buyingContext(context.services.database.db, user.id);
  if (!buying) throw data('Invoices are for members of an approved organisation account.', { status: 404 });
  return { user, buying };
}

export async function memberInvoicesData(context: AppLoadContext, request: Request) {
  const { user, buying } = await memberContext(context, request);
  const { db } = context.services.database;
  let query = db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'i.number',
      'i.amount',
      'i.paid_amount',
      'i.status',
      'i.due_at',
      'o.reference',
      'o.po_number',
      'o.buyer_name',
    ])
    .where('i.organisation_id', '=', buying.organisation.id);
  const all = seesAllOrders(buying.member.role);
  if (!all) query = query.where('o.user_id', '=', user.id);
  const rows = await query.orderBy('i.issued_at', 'desc').limit(200).execute();
  const standing = await termsStanding(db, buying.organisation);
  return {
    now: Date.now(),
    organisation: buying.organisation.name,
    seesAll: all,
    standing: standing ?? null,
    invoices: rows.map((row): MemberInvoiceRow => ({
      number: row.number,
      orderReference: row.reference,
      poNumber: row.po_number,
      buyerName: row.buyer_name,
      amount: row.amount,
      paidAmount: row.paid_amount,
      status: row.status,
      dueAt: Number(row.due_at),
    })),
  };
}

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** GET /account/organisation/invoices/INV-000123.pdf: the invoice as it stands, as a download. */
export async function memberInvoicePdf(context: AppLoadContext, request: Request, file: string) {
  const { user, buying } = await memberContext(context, request);
  const { db } = context.services.database;
  const number = file.toUpperCase().replace(/\.PDF$/, '');
  if (!file.toLowerCase().endsWith('.pdf') || !isInvoiceNumber(number)) return notFound();
  const invoice = await findInvoiceByNumber(db, number);
  if (!invoice || invoice.organisation_id !== buying.organisation.id) return notFound();
  if (!seesAllOrders(buying.member.role)) {
    const order = await db
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', invoice.order_id)
      .executeTakeFirst();
    if (order?.user_id !== user.id) return notFound();
  }
  const pdf = await invoicePdfOf(db, invoice);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${invoiceFileName(invoice.number)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
