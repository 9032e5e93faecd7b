import { createHmac, timingSafeEqual } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { formatPrice } from '~/commerce/money';
import { hsaFsaSubtotal } from '~/commerce/totals';
import { totalsTextRows } from '~/commerce/totals-rows';
import { STORE } from '~/lib/store-info';
import { HSA_FSA_TEXT } from '../catalogue/catalog';
import { addressLines } from '../delivery/address-book';
import { formatOrderDate } from './order-status';
import { type OrderView, paymentDescription } from './orders';

/**
 * The itemised receipt of a paid order, as a PDF a buyer hands to an HSA or FSA plan: the
 * store, the date, the buyer, each line with its eligibility as it was when bought, the
 * totals and how it was paid (card brand and last four only). Made with PDFKit.
 */

// PDF's standard Helvetica: no font file to parse. Atkinson Hyperlegible (the site's typeface)
// was tried and measured: parsing and subsetting it made each receipt six times slower.
const FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;

/** The mailed link's key: an HMAC of the order id, so a guest's receipt opens without an account. */
export function receiptKey(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-receipt:${orderId}`).digest('base64url');
}

export function receiptKeyMatches(secret: string, orderId: string, given: string | null): boolean {
  if (!given) return false;
  const expected = Buffer.from(receiptKey(secret, orderId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export const receiptFileName = (reference: string) => `${STORE.name}-receipt-${reference}.pdf`;

const PAGE = { width: 612, margin: 54 };
const COLUMNS = [
  { title: 'Item', x: 54, width: 214, align: 'left' },
  { title: 'Qty', x: 272, width: 30, align: 'right' },
  { title: 'Unit price', x: 306, width: 66, align: 'right' },
  { title: 'Amount', x: 376, width: 70, align: 'right' },
  { title: 'HSA/FSA', x: 456, width: 102, align: 'left' },
] as const;

const HSA_FSA_CELL = {
  eligible: 'Eligible',
  'with-letter': 'Eligible with a letter of medical necessity',
  'not-eligible': 'Not eligible',
} as const;

export function receiptPdf(order: OrderView): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: `${STORE.name} receipt ${order.reference}`,
      Author: STORE.name,
      Subject: 'Itemised receipt',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  header(doc, order);
  lines(doc, order);
  totals(doc, order);
  doc
    .moveDown(1.5)
    .font(FONTS.regular)
    .fontSize(9)
    .fillColor('#333333')
    .text(
      `Each line shows its HSA/FSA eligibility when it was bought. A plan pays for a line marked "with a letter of medical necessity" once your doctor's letter is on file with it. Questions: ${STORE.phone}, ${STORE.supportEmail}.`,
      PAGE.margin,
      undefined,
      { width: PAGE.width - 2 * PAGE.margin },
    );
  doc.end();
  return done;
}

type Doc = InstanceType<typeof PDFDocument>;

function header(doc: Doc, order: OrderView) {
  const { address } = STORE;
  doc.font(FONTS.bold).fontSize(20).fillColor('#000000').text(STORE.name);
  doc
    .font(FONTS.regular)
    .fontSize(10)
    .text(`${address.street}, ${address.city}, ${address.region} ${address.postalCode}`)
    .text(`${STORE.phone} · ${STORE.supportEmail}`);
  doc.moveDown(1).font(FONTS.bold).fontSize(16).text('Itemised receipt');
  const facts: [string, string][] = [
    ['Order', order.reference],
    ['Date', formatOrderDate(order.paidAt ?? order.createdAt)],
    ['Paid with', paymentDescription(order)],
    ['Buyer', [order.address?.recipientName, order.email].filter(Boolean).join(', ') || 'Not recorded'],
  ];
  if (order.address) facts.push(['Shipped to', addressLines(order.address).join(', ')]);
  doc.moveDown(0.5).fontSize(10);
  for (const [label, value] of facts) {
    doc.font(FONTS.bold).text(`${label}: `, { continued: true }).font(FONTS.regular).text(value);
  }
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
      [
        item.name,
        String(item.quantity),
        formatPrice(item.unitPrice),
        formatPrice(item.lineTotal),
        HSA_FSA_CELL[item.hsaFsa],
      ],
      'regular',
    );
  }
  rule(doc);
}

function totals(doc: Doc, order: OrderView) {
  // The same rows, labels and order as the order page and the confirmation mail.
  const figures: [string, string, boolean?][] = totalsTextRows(order).map((row) => [
    row.label,
    row.value,
    row.strong,
  ]);
  if (order.refundedTotal > 0) figures.push(['Refunded', `-${formatPrice(order.refundedTotal)}`]);
  // What a plan may be asked to pay: the eligible units that were not refunded.
  const kept = order.items.map((item) => ({
    hsaFsaEligible: item.hsaFsa !== 'not-eligible',
    lineTotal: item.unitPrice * (item.quantity - item.refundedQuantity),
  }));
  const notes = [order.discount > 0 ? 'before discount' : '', order.refundedTotal > 0 ? 'after refunds' : ''];
  const note = notes.filter(Boolean).join(', ');
  const label = `${HSA_FSA_TEXT.eligible} subtotal${note ? ` (${note})` : ''}`;
  figures.push([label, formatPrice(hsaFsaSubtotal(kept)), true]);
  for (const [label, value, strong] of figures) {
    const top = doc.y;
    doc.font(strong ? FONTS.bold : FONTS.regular).fontSize(10);
    doc.text(label, 272, top, { width: 174, align: 'right' });
    doc.text(value, 456, top, { width: 102, align: 'left' });
    doc.x = PAGE.margin;
  }
}
