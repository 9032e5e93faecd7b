import type { Kysely } from 'kysely';
import type { DatabaseSchema, InvoiceTable } from '#server/db/schema';
import { type MailContent, renderMail } from '#server/mail/layout';
import type { Logger } from '#server/logger';
import type { AppServices } from '#server/types';
import { formatPrice } from '~/commerce/money';
import { STORE } from '~/lib/store-info';
import { formatOrderDate } from '../orders/order-status';
import { invoiceFileName } from './invoice-pdf.server';
import { invoicePdfOf, invoiceRecipients } from './invoice-store.server';
import { INVOICES_PATH, remainingOf, termsLabel } from './invoices';

/**
 * An invoice's mails, each with its PDF attached, to the buyer and the organisation's admins:
 * the invoice itself when the order is placed, a reminder on the due date and one 7 days after.
 * Queued on the outbox; a reminder is queued in the transaction that marks it sent.
 */
export type InvoiceMailKind = 'issued' | 'due' | 'overdue';

const KIND_LABEL: Record<InvoiceMailKind, string> = {
  issued: 'invoice',
  due: 'invoice due reminder',
  overdue: 'invoice overdue reminder',
};

function invoiceMail(
  kind: InvoiceMailKind,
  invoice: InvoiceTable,
  reference: string,
  url: string,
): MailContent {
  const due = formatOrderDate(Number(invoice.due_at));
  const owed = formatPrice(remainingOf({ amount: invoice.amount, paidAmount: invoice.paid_amount }));
  const words = {
    issued: {
      subject: `${STORE.name} invoice ${invoice.number} for order ${reference}`,
      title: `Invoice ${invoice.number}`,
      lead: `Thank you for your order ${reference}. It is placed on your organisation's terms (${termsLabel(invoice.terms_days)}): the invoice is attached. Please pay ${owed} by ${due}.`,
    },
    due: {
      subject: `${STORE.name} invoice ${invoice.number} is due today`,
      title: `Invoice ${invoice.number} is due today`,
      lead: `Invoice ${invoice.number} for order ${reference} is due today, ${due}. ${owed} is still to pay. If you have paid already, thank you, and please ignore this reminder.`,
    },
    overdue: {
      subject: `${STORE.name} invoice ${invoice.number} is overdue`,
      title: `Invoice ${invoice.number} is overdue`,
      lead: `Invoice ${invoice.number} for order ${reference} was due on ${due} and ${owed} is still to pay. An invoice 30 days overdue pauses paying by invoice until it is settled.`,
    },
  }[kind];
  return {
    subject: words.subject,
    ...renderMail(STORE, {
      title: words.title,
      preheader: `${words.title}: ${owed} by ${due}.`,
      paragraphs: [
        words.lead,
        `Please quote invoice ${invoice.number} with your payment. The invoice is attached as a PDF.`,
      ],
      rows: [
        { label: 'Invoice', value: invoice.number },
        { label: 'Order', value: reference },
        { label: 'Due date', value: due },
        { label: 'Amount due', value: owed, strong: true },
      ],
      action: { label: "See your organisation's invoices", url },
      footnote: `Questions? Call us at ${STORE.phone} or email ${STORE.supportEmail}.`,
    }),
  };
}

type MailServices = Pick<AppServices, 'database' | 'env' | 'mail'>;

/**
 * Queues the invoice's mail to each recipient, in `trx` when given (a reminder: the mail exists
 * exactly when its sent-at mark commits). The PDF is made before, outside any transaction.
 */
export async function prepareInvoiceMail(
  services: MailServices,
  invoice: InvoiceTable,
  kind: InvoiceMailKind,
) {
  const { db } = services.database;
  const order = await db
    .selectFrom('orders')
    .select('reference')
    .where('id', '=', invoice.order_id)
    .executeTakeFirstOrThrow();
  const pdf = await invoicePdfOf(db, invoice);
  const recipients = await invoiceRecipients(db, invoice);
  const content = invoiceMail(kind, invoice, order.reference, `${services.env.APP_URL}${INVOICES_PATH}`);
  const attachment = {
    filename: invoiceFileName(invoice.number),
    contentType: 'application/pdf',
    contentBase64: pdf.toString('base64'),
  };
  return async (trx?: Kysely<DatabaseSchema>) => {
    for (const to of recipients) {
      await services.mail.send(
        { kind: KIND_LABEL[kind], to, ...content, attachments: [attachment] },
        trx ? { trx } : {},
      );
    }
  };
}

/** The invoice's first mail, after the order is placed; a failure is logged, the order stands. */
export async function queueInvoiceIssued(
  services: MailServices,
  invoice: InvoiceTable,
  logger: Pick<Logger, 'error'>,
): Promise<void> {
  try {
    await (
      await prepareInvoiceMail(services, invoice, 'issued')
    )();
  } catch (error) {
    logger.error({ err: error, invoice: invoice.number }, 'invoice mail not queued');
  }
}
