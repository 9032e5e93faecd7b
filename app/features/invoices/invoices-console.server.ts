import { type AppLoadContext, data } from 'react-router';
import { pageParam } from '~/console/console';
import { requireStaff } from '~/console/staff-access.server';
import { openBalance } from '~/commerce/invoices/invoice-terms.server';
import { findInvoiceByNumber } from '~/commerce/invoices/invoice-store.server';
import {
  type InvoiceFilter,
  INVOICE_FILTERS,
  INVOICE_STATUS,
  type InvoicePaymentMethod,
  type InvoiceStatus,
  isInvoiceNumber,
} from '~/commerce/invoices/invoices';
import { answer, invalidFields, postedFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { InvoicePaymentError, recordInvoicePayment } from './invoice-payments.server';
import { invoicePaymentSchema } from './invoices.schema';

/** The console's invoices (docs/decisions/0058): the list with its filters, one invoice, its payments. */
export const INVOICES_PAGE_SIZE = 50;

export interface InvoiceListRow {
  number: string;
  orderReference: string;
  organisation: string;
  amount: number;
  paidAmount: number;
  status: InvoiceStatus;
  dueAt: number;
}

const filterOf = (value: string | null): InvoiceFilter | null =>
  value && Object.hasOwn(INVOICE_FILTERS, value) ? (value as InvoiceFilter) : null;

export async function invoiceListData(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const { db } = context.services.database;
  const url = new URL(request.url);
  const filter = filterOf(url.searchParams.get('filter'));
  const page = pageParam(url.searchParams.get('page'));
  const now = Date.now();
  let query = db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('organisations as g', 'g.id', 'i.organisation_id')
    .select(['i.number', 'i.amount', 'i.paid_amount', 'i.status', 'i.due_at', 'o.reference', 'g.name']);
  if (filter === INVOICE_STATUS.paid) query = query.where('i.status', '=', INVOICE_STATUS.paid);
  else if (filter === INVOICE_STATUS.open) query = query.where('i.status', '!=', INVOICE_STATUS.paid);
  else if (filter === 'overdue')
    query = query.where('i.status', '!=', INVOICE_STATUS.paid).where('i.due_at', '<', now);
  const rows = await query
    .orderBy('i.due_at')
    .orderBy('i.number')
    .limit(INVOICES_PAGE_SIZE + 1)
    .offset((page - 1) * INVOICES_PAGE_SIZE)
    .execute();
  return {
    filter,
    page,
    now,
    hasNext: rows.length > INVOICES_PAGE_SIZE,
    invoices: rows.slice(0, INVOICES_PAGE_SIZE).map((row): InvoiceListRow => ({
      number: row.number,
      orderReference: row.reference,
      organisation: row.name,
      amount: row.amount,
      paidAmount: row.paid_amount,
      status: row.status,
      dueAt: Number(row.due_at),
    })),
  };
}

async function invoiceOr404(context: AppLoadContext, number: string) {
  const upper = number.toUpperCase();
  const invoice = isInvoiceNumber(upper)
    ? await findInvoiceByNumber(context.services.database.db, upper)
    : undefined;
  if (!invoice) throw data(null, { status: 404 });
  return invoice;
}

export async function invoicePageData(context: AppLoadContext, request: Request, number: string) {
  await requireStaff(context, request);
  const { db } = context.services.database;
  const invoice = await invoiceOr404(context, number);
  const order = await db
    .selectFrom('orders')
    .select(['reference', 'po_number', 'buyer_name'])
    .where('id', '=', invoice.order_id)
    .executeTakeFirstOrThrow();
  const organisation = await db
    .selectFrom('organisations')
    .select(['id', 'name', 'credit_limit', 'terms_days'])
    .where('id', '=', invoice.organisation_id)
    .executeTakeFirstOrThrow();
  const payments = await db
    .selectFrom('invoice_payments')
    .selectAll()
    .where('invoice_id', '=', invoice.id)
    .orderBy('recorded_at')
    .execute();
  return {
    now: Date.now(),
    invoice: {
      number: invoice.number,
      amount: invoice.amount,
      paidAmount: invoice.paid_amount,
      status: invoice.status,
      termsDays: invoice.terms_days,
      issuedAt: Number(invoice.issued_at),
      dueAt: Number(invoice.due_at),
    },
    order: { reference: order.reference, poNumber: order.po_number, buyerName: order.buyer_name },
    organisation: {
      id: organisation.id,
      name: organisation.name,
      creditLimit: organisation.credit_limit,
      balance: await openBalance(db, organisation.id),
    },
    payments: payments.map((p) => ({
      id: p.id,
      amount: p.amount,
      method: p.method as InvoicePaymentMethod,
      reference: p.reference,
      recordedAt: Number(p.recorded_at),
    })),
  };
}

const STATUS_OF_ERROR = { not_found: 404, too_much: 400, settled: 409, conflict: 409 } as const;

/** Recording a payment (full or part): at most what remains; audited; the status follows. */
export async function invoiceAction(context: AppLoadContext, request: Request, number: string) {
  const staff = await requireStaff(context, request);
  const invoice = await invoiceOr404(context, number);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async pay({ form }) {
        const fields = postedFields(form);
        const parsed = invoicePaymentSchema.safeParse(fields);
        if (!parsed.success) {
          return invalidFields<FormAnswer>({ intent: 'pay', values: fields }, parsed.error.issues);
        }
        try {
          const after = await recordInvoicePayment(
            context.services.database.db,
            staff,
            invoice.id,
            parsed.data,
          );
          return answer<FormAnswer>({
            intent: 'pay',
            ok: true,
            message:
              after.status === INVOICE_STATUS.paid
                ? `Payment recorded: invoice ${invoice.number} is paid.`
                : `Payment recorded on invoice ${invoice.number}.`,
          });
        } catch (error) {
          if (!(error instanceof InvoicePaymentError)) throw error;
          return answer<FormAnswer>(
            {
              intent: 'pay',
              ok: false,
              message: error.message,
              values: fields,
              ...(error.code === 'too_much' ? { fields: { amount: error.message } } : {}),
            },
            { status: STATUS_OF_ERROR[error.code] },
          );
        }
      },
    },
  );
}
