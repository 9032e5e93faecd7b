import { formatPrice } from '~/commerce/money';
import { totalsTextRows } from '~/commerce/totals-rows';
import { STORE } from '~/lib/store-info';
import { addressLines } from '../delivery/address-book';
import { formatOrderDate } from '../orders/order-status';
import type { OrderView } from '../orders/orders';
import { termsLabel } from './invoices';
import {
  facts,
  figures,
  footnoteAndEnd,
  lineTable,
  openPdf,
  type PdfColumn,
  storeHeading,
} from '../orders/pdf-layout.server';

/**
 * The numbered invoice of an order placed on an organisation's terms, as a PDF in the store's
 * layout (pdf-layout.server.ts, as the receipt): the store, the organisation billed, where it was
 * shipped, the purchase order, the invoice's number, dates, terms and due date, each line and the
 * totals, what is paid and due.
 */
const COLUMNS: readonly PdfColumn[] = [
  { title: 'Item', x: 54, width: 274, align: 'left' },
  { title: 'Qty', x: 332, width: 40, align: 'right' },
  { title: 'Unit price', x: 376, width: 80, align: 'right' },
  { title: 'Amount', x: 460, width: 98, align: 'right' },
];

export interface InvoicePdfInput {
  number: string;
  issuedAt: number;
  dueAt: number;
  termsDays: number;
  amount: number;
  paidAmount: number;
  organisation: {
    name: string;
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    zip: string;
  };
  order: OrderView;
  poNumber: string | null;
  buyerName: string | null;
  /** The organisation's tax exemption certificate the order was exempted under, when it was. */
  taxCertificateNumber?: string | null;
}

export const invoiceFileName = (number: string) => `${STORE.name}-invoice-${number}.pdf`;

export function invoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { doc, done } = openPdf({ Title: `${STORE.name} invoice ${input.number}`, Subject: 'Invoice' });
  storeHeading(doc, `Invoice ${input.number}`);
  facts(doc, invoiceFacts(input));
  lineTable(
    doc,
    COLUMNS,
    input.order.items.map((item) => [
      item.name,
      String(item.quantity),
      formatPrice(item.unitPrice),
      formatPrice(item.lineTotal),
    ]),
  );
  // The same rows, labels and order as the order page, the mails and the receipt.
  const rows: [string, string, boolean?][] = totalsTextRows(input.order).map((r) => [
    r.label,
    r.value,
    r.strong,
  ]);
  rows.push(['Paid', formatPrice(input.paidAmount)]);
  rows.push(['Amount due', formatPrice(input.amount - input.paidAmount), true]);
  figures(doc, rows, { label: { x: 272, width: 184 }, value: { x: 460, width: 98, align: 'right' } });
  footnoteAndEnd(
    doc,
    `Please pay ${formatPrice(input.amount - input.paidAmount)} by ${formatOrderDate(input.dueAt)} and quote invoice ${input.number}${input.poNumber ? ` and purchase order ${input.poNumber}` : ''} with your payment. Questions: ${STORE.phone}, ${STORE.supportEmail}.`,
  );
  return done;
}

function invoiceFacts(input: InvoicePdfInput): [string, string][] {
  const org = input.organisation;
  const billTo = [org.name, org.line1, org.line2, `${org.city}, ${org.state} ${org.zip}`].filter(Boolean);
  const list: [string, string][] = [
    ['Invoice number', input.number],
    ['Invoice date', formatOrderDate(input.issuedAt)],
    ['Terms', termsLabel(input.termsDays)],
    ['Due date', formatOrderDate(input.dueAt)],
    ['Order', input.order.reference],
    ['Purchase order', input.poNumber ?? 'None given'],
    ['Bill to', billTo.join(', ')],
  ];
  if (input.order.address) list.push(['Ship to', addressLines(input.order.address).join(', ')]);
  if (input.buyerName) list.push(['Ordered by', input.buyerName]);
  // Left out, not written as "none", when the order was not exempt: the line means a certificate.
  if (input.taxCertificateNumber) list.push(['Tax exemption certificate', input.taxCertificateNumber]);
  return list;
}
