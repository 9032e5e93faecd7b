import { formatPrice } from '~/commerce/money';

/**
 * Invoices of orders placed on an organisation's terms (docs/decisions/0058): the words and rules
 * checkout, the organisation's invoices page, the console and the reminder job share.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** An invoice this many days past due pauses paying by invoice until it is settled. */
export const HOLD_AFTER_OVERDUE_DAYS = 30;
/** The second reminder goes this many days after the due date. */
export const OVERDUE_REMINDER_DAYS = 7;

export const INVOICE_STATUSES = { open: 'Open', part_paid: 'Part paid', paid: 'Paid' } as const;
export type InvoiceStatus = keyof typeof INVOICE_STATUSES;
/** Each invoice state by name (`INVOICE_STATUS.paid`): the order table's words stay its own. */
export const INVOICE_STATUS = Object.fromEntries(Object.keys(INVOICE_STATUSES).map((key) => [key, key])) as {
  readonly [K in InvoiceStatus]: K;
};

export const INVOICE_PAYMENT_METHODS = {
  ach: 'ACH transfer',
  check: 'Check',
  wire: 'Wire transfer',
  card: 'Card by phone',
  other: 'Other',
} as const;
export type InvoicePaymentMethod = keyof typeof INVOICE_PAYMENT_METHODS;

/** The console's list filters. */
export const INVOICE_FILTERS = { open: 'Open', overdue: 'Overdue', paid: 'Paid' } as const;
export type InvoiceFilter = keyof typeof INVOICE_FILTERS;

export const PO_NUMBER_MAX = 40;
/** Letters, digits, spaces and the punctuation purchase orders use; no control characters. */
export const PO_NUMBER_PATTERN = /^[\x20-\x7E]+$/;

export const INVOICE_TEXT = {
  poRequired: 'Enter your purchase order number',
  poTooLong: `Enter a purchase order number of at most ${PO_NUMBER_MAX} characters`,
  poNotPrintable: 'Use only letters, digits, spaces and punctuation in the purchase order number',
  method: 'Pay by invoice',
  notOffered: 'Your organisation does not pay by invoice. Please pay by card or bank transfer.',
  heldOverdue: (number: string) =>
    `Paying by invoice is paused: invoice ${number} is ${HOLD_AFTER_OVERDUE_DAYS} days or more overdue. Please pay by card until it is settled.`,
  heldOverLimit: (limit: number) =>
    `Paying by invoice is paused: your organisation's open invoices have reached its credit limit of ${formatPrice(limit)}. Please pay by card until they are settled.`,
  overCredit: (limit: number, balance: number) =>
    `This order would take your organisation over its credit limit of ${formatPrice(limit)} (open invoices: ${formatPrice(balance)}). Please pay by card, or settle open invoices first.`,
} as const;

/** "INV-000123". */
export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;
export const isInvoiceNumber = (value: string) => /^INV-\d{6,}$/.test(value);

export const termsLabel = (days: number) => `Net ${days}`;
/** The checkout's choice: "Pay by invoice (net 30)". */
export const invoiceMethodLabel = (days: number) => `${INVOICE_TEXT.method} (net ${days})`;

export interface InvoiceFigures {
  amount: number;
  paidAmount: number;
  status: InvoiceStatus;
  dueAt: number;
}

export const remainingOf = (invoice: Pick<InvoiceFigures, 'amount' | 'paidAmount'>) =>
  invoice.amount - invoice.paidAmount;

export const isOverdue = (invoice: Pick<InvoiceFigures, 'status' | 'dueAt'>, now: number) =>
  invoice.status !== INVOICE_STATUS.paid && invoice.dueAt < now;

/** What a member or staff reads: "Overdue" once past due and unpaid, else the stored status. */
export function invoiceStatusText(invoice: Pick<InvoiceFigures, 'status' | 'dueAt'>, now: number): string {
  return isOverdue(invoice, now) ? 'Overdue' : INVOICE_STATUSES[invoice.status];
}

/** The status a payment leaves: paid once nothing remains, part paid once something was. */
export function statusAfterPayment(amount: number, paidAmount: number): InvoiceStatus {
  if (paidAmount >= amount) return INVOICE_STATUS.paid;
  return paidAmount > 0 ? INVOICE_STATUS.part_paid : INVOICE_STATUS.open;
}

/** Where a member downloads an invoice's PDF. */
export const invoicePdfPath = (number: string) => `/account/organisation/invoices/${number}.pdf`;
export const INVOICES_PATH = '/account/organisation/invoices';
export const ADMIN_INVOICES_PATH = '/admin/invoices';

/** What placing a stored order on its organisation's terms came to (an approved order, a quote's). */
export type TermsPlacement =
  { placed: true; invoiceNumber: string | null } | { placed: false; message: string };

/**
 * Places a stored order on invoice terms if it was checked out on them (undefined otherwise): the
 * checkout's placement, handed by a route to the approvals and the quotes, which do not import it.
 */
export type PlaceOnTerms = (orderId: string) => Promise<TermsPlacement | undefined>;
