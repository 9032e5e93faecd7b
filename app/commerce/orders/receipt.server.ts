import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatPrice } from '~/commerce/money';
import { hsaFsaSubtotal } from '~/commerce/totals';
import { totalsTextRows } from '~/commerce/totals-rows';
import { STORE } from '~/lib/store-info';
import { HSA_FSA_TEXT } from '../catalogue/catalog';
import { hcpcsText } from '../catalogue/hcpcs';
import { addressLines } from '../delivery/address-book';
import { formatOrderDate } from './order-status';
import { type OrderView, paymentDescription } from './orders';
import {
  facts,
  figures,
  footnoteAndEnd,
  lineTable,
  openPdf,
  type PdfColumn,
  storeHeading,
} from './pdf-layout.server';

/**
 * The itemised receipt of a paid order, as a PDF a buyer hands to an HSA or FSA plan: the
 * store, the date, the buyer, each line with its eligibility as it was when bought, the
 * totals and how it was paid (card brand and last four only), in the store's PDF layout.
 */

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

const COLUMNS: readonly PdfColumn[] = [
  { title: 'Item', x: 54, width: 214, align: 'left' },
  { title: 'Qty', x: 272, width: 30, align: 'right' },
  { title: 'Unit price', x: 306, width: 66, align: 'right' },
  { title: 'Amount', x: 376, width: 70, align: 'right' },
  { title: 'HSA/FSA', x: 456, width: 102, align: 'left' },
];

const HSA_FSA_CELL = {
  eligible: 'Eligible',
  'with-letter': 'Eligible with a letter of medical necessity',
  'not-eligible': 'Not eligible',
} as const;

export function receiptPdf(order: OrderView): Promise<Buffer> {
  const { doc, done } = openPdf({
    Title: `${STORE.name} receipt ${order.reference}`,
    Subject: 'Itemised receipt',
  });
  storeHeading(doc, 'Itemised receipt');
  const list: [string, string][] = [
    ['Order', order.reference],
    ['Date', formatOrderDate(order.paidAt ?? order.createdAt)],
    ['Paid with', paymentDescription(order)],
    ['Buyer', [order.address?.recipientName, order.email].filter(Boolean).join(', ') || 'Not recorded'],
  ];
  if (order.address) list.push(['Shipped to', addressLines(order.address).join(', ')]);
  facts(doc, list);
  lineTable(
    doc,
    COLUMNS,
    order.items.map((item) => [
      // The code as it was when bought: a plan's claim names it line by line.
      item.hcpcsCode ? `${item.name}\nHCPCS ${hcpcsText(item.hcpcsCode, item.hcpcsModifier)}` : item.name,
      String(item.quantity),
      formatPrice(item.unitPrice),
      formatPrice(item.lineTotal),
      HSA_FSA_CELL[item.hsaFsa],
    ]),
  );
  figures(doc, totalFigures(order), {
    label: { x: 272, width: 174 },
    value: { x: 456, width: 102, align: 'left' },
  });
  footnoteAndEnd(
    doc,
    `Each line shows its HSA/FSA eligibility when it was bought. A plan pays for a line marked "with a letter of medical necessity" once your doctor's letter is on file with it. Questions: ${STORE.phone}, ${STORE.supportEmail}.`,
  );
  return done;
}

function totalFigures(order: OrderView): [string, string, boolean?][] {
  // The same rows, labels and order as the order page and the confirmation mail.
  const rows: [string, string, boolean?][] = totalsTextRows(order).map((row) => [
    row.label,
    row.value,
    row.strong,
  ]);
  if (order.refundedTotal > 0) rows.push(['Refunded', `-${formatPrice(order.refundedTotal)}`]);
  // What a plan may be asked to pay: the eligible units that were not refunded.
  const kept = order.items.map((item) => ({
    hsaFsaEligible: item.hsaFsa !== 'not-eligible',
    lineTotal: item.unitPrice * (item.quantity - item.refundedQuantity),
  }));
  const notes = [order.discount > 0 ? 'before discount' : '', order.refundedTotal > 0 ? 'after refunds' : ''];
  const note = notes.filter(Boolean).join(', ');
  const label = `${HSA_FSA_TEXT.eligible} subtotal${note ? ` (${note})` : ''}`;
  rows.push([label, formatPrice(hsaFsaSubtotal(kept)), true]);
  return rows;
}
