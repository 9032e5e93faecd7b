import PDFDocument from 'pdfkit';
import { formatPrice } from '~/commerce/money';
import { totalsTextRows } from '~/commerce/totals-rows';
import { STORE } from '~/lib/store-info';
import { addressLines } from '../delivery/address-book';
import { formatOrderDate } from '../orders/order-status';
import type { OrderView } from '../orders/orders';
import { termsLabel } from './invoices';

/**
 * The numbered invoice of an order placed on an organisation's terms, as a PDF (PDFKit, as the
 * receipt): the store, the organisation billed, where it was shipped, the purchase order, the
 * invoice's number, dates, terms and due date, each line and the totals, what is paid and due.
 */
const FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
const PAGE = { width: 612, margin: 54 };
const COLUMNS = [
  { title: 'Item', x: 54, width: 274, align: 'left' },
  { title: 'Qty', x: 332, width: 40, align: 'right' },
  { title: 'Unit price', x: 376, width: 80, align: 'right' },
  { title: 'Amount', x: 460, width: 98, align: 'right' },
] as const;

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

type Doc = InstanceType<typeof PDFDocument>;

export function invoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    lang: 'en-US',
    displayTitle: true,
    info: { Title: `${STORE.name} invoice ${input.number}`, Author: STORE.name, Subject: 'Invoice' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, input);
  lines(doc, input.order);
  totals(doc, input);
  doc
    .moveDown(1.5)
    .font(FONTS.regular)
    .fontSize(9)
    .fillColor('#333333')
    .text(
      `Please pay ${formatPrice(input.amount - input.paidAmount)} by ${formatOrderDate(input.dueAt)} and quote invoice ${input.number}${input.poNumber ? ` and purchase order ${input.poNumber}` : ''} with your payment. Questions: ${STORE.phone}, ${STORE.supportEmail}.`,
      PAGE.margin,
      undefined,
      { width: PAGE.width - 2 * PAGE.margin },
    );
  doc.end();
  return done;
}

function facts(doc: Doc, list: [string, string][]) {
  for (const [label, value] of list) {
    doc.font(FONTS.bold).text(`${label}: `, { continued: true }).font(FONTS.regular).text(value);
  }
}

function header(doc: Doc, input: InvoicePdfInput) {
  const { address } = STORE;
  doc.font(FONTS.bold).fontSize(20).fillColor('#000000').text(STORE.name);
  doc
    .font(FONTS.regular)
    .fontSize(10)
    .text(`${address.street}, ${address.city}, ${address.region} ${address.postalCode}`)
    .text(`${STORE.phone} · ${STORE.supportEmail}`);
  doc.moveDown(1).font(FONTS.bold).fontSize(16).text(`Invoice ${input.number}`);
  doc.moveDown(0.5).fontSize(10);
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
  facts(doc, list);
  doc.moveDown(1);
}

function row(doc: Doc, cells: readonly string[], font: 'regular' | 'bold') {
  const top = doc.y;
  doc.font(FONTS[font]).fontSize(10);
  let bottom = top;
  COLUMNS.forEach((column, index) => {
    doc.text(cells[index] ?? '', column.x, top, { width: column.width, align: column.align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = PAGE.margin;
  doc.y = bottom + 4;
}

function rule(doc: Doc) {
  doc
    .moveTo(PAGE.margin, doc.y)
    .lineTo(PAGE.width - PAGE.margin, doc.y)
    .lineWidth(0.5)
    .strokeColor('#666666')
    .stroke();
  doc.y += 4;
}

function lines(doc: Doc, order: OrderView) {
  row(
    doc,
    COLUMNS.map((c) => c.title),
    'bold',
  );
  rule(doc);
  for (const item of order.items) {
    if (doc.y > 680) doc.addPage();
    row(
      doc,
      [item.name, String(item.quantity), formatPrice(item.unitPrice), formatPrice(item.lineTotal)],
      'regular',
    );
  }
  rule(doc);
}

function totals(doc: Doc, input: InvoicePdfInput) {
  // The same rows, labels and order as the order page, the mails and the receipt.
  const figures: [string, string, boolean?][] = totalsTextRows(input.order).map((r) => [
    r.label,
    r.value,
    r.strong,
  ]);
  figures.push(['Paid', formatPrice(input.paidAmount)]);
  figures.push(['Amount due', formatPrice(input.amount - input.paidAmount), true]);
  for (const [label, value, strong] of figures) {
    const top = doc.y;
    doc.font(strong ? FONTS.bold : FONTS.regular).fontSize(10);
    doc.text(label, 272, top, { width: 184, align: 'right' });
    doc.text(value, 460, top, { width: 98, align: 'right' });
    doc.x = PAGE.margin;
  }
}
