import { formatPrice } from '~/commerce/money';
import { totalsTextRows } from '~/commerce/totals-rows';
import { STORE } from '~/lib/store-info';
import { hasReceipt } from '../order-states';
import { lengthOfNeedText, NO_CLAIM_DATA, prescribedOnText } from '../prescriptions/claim-data';
import type { PrescriptionView } from '../prescriptions/prescriptions';
import type { SupplierSettings } from '../shop-settings';
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
  subheading,
} from './pdf-layout.server';

/**
 * The insurance statement (issue 35, point 3; docs/decisions/0063): an itemised statement a
 * patient sends to an insurer or Medicare with the claim form. The patient and the dates, the
 * store as supplier (NPI and tax id from the shop settings), the prescriber and the diagnosis,
 * each line with its HCPCS code, modifier, units and amount paid, and the payment. In the
 * receipt's PDF layout; health data, so downloaded by the buyer's account and, audited, by staff.
 */

export const statementFileName = (reference: string) => `${STORE.name}-insurance-statement-${reference}.pdf`;

const NOT_ON_FILE = 'Not on file';
const NOT_GIVEN = 'Not given';

const COLUMNS: readonly PdfColumn[] = [
  { title: 'Item', x: 54, width: 238, align: 'left' },
  { title: 'HCPCS', x: 296, width: 52, align: 'left' },
  { title: 'Modifier', x: 352, width: 52, align: 'left' },
  { title: 'Units', x: 408, width: 40, align: 'right' },
  { title: 'Amount paid', x: 452, width: 106, align: 'right' },
];

/** The supplier's lines: the store's name, address and phone, its NPI and tax id. */
function supplierFacts(supplier: SupplierSettings): [string, string][] {
  const { address } = STORE;
  return [
    ['Supplier', STORE.name],
    ['Address', `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`],
    ['Phone', STORE.phone],
    ['Supplier NPI', supplier.npi ?? NOT_ON_FILE],
    ['Tax id (EIN)', supplier.taxId ?? NOT_ON_FILE],
  ];
}

/** The prescription's lines: who prescribed, their NPI, the diagnosis, the date and length of need. */
function prescriptionFacts(prescription: PrescriptionView | undefined): [string, string][] {
  const claim = prescription?.claim ?? NO_CLAIM_DATA;
  return [
    ['Prescriber', prescription?.prescriberName ?? NOT_GIVEN],
    ['Prescriber NPI', claim.prescriberNpi ?? NOT_GIVEN],
    [
      'Diagnosis codes (ICD-10-CM)',
      claim.diagnosisCodes.length > 0 ? claim.diagnosisCodes.join(', ') : NOT_GIVEN,
    ],
    ['Date of prescription', claim.prescribedOn ? prescribedOnText(claim.prescribedOn) : NOT_GIVEN],
    ['Length of need', claim.lengthOfNeed ? lengthOfNeedText(claim.lengthOfNeed) : NOT_GIVEN],
  ];
}

export function insuranceStatementPdf(
  order: OrderView,
  prescription: PrescriptionView | undefined,
  supplier: SupplierSettings,
): Promise<Buffer> {
  const { doc, done } = openPdf({
    Title: `${STORE.name} insurance statement ${order.reference}`,
    Subject: 'Itemised statement for an insurance claim',
  });
  storeHeading(doc, 'Insurance statement');
  facts(doc, [
    ['Order', order.reference],
    ['Patient', order.address?.recipientName ?? 'Not recorded'],
    ['Order date', formatOrderDate(order.createdAt)],
    [
      'Date of service (delivery)',
      order.deliveredAt === null ? 'Not delivered yet' : formatOrderDate(order.deliveredAt),
    ],
  ]);
  subheading(doc, 'Supplier');
  facts(doc, supplierFacts(supplier));
  subheading(doc, 'Prescription');
  facts(doc, prescriptionFacts(prescription));
  // What a plan is asked to pay for: the units kept (a refunded unit was not paid for).
  const lines = order.items
    .map((item) => ({ item, units: item.quantity - item.refundedQuantity }))
    .filter(({ units }) => units > 0);
  lineTable(
    doc,
    COLUMNS,
    lines.map(({ item, units }) => [
      item.name,
      item.hcpcsCode ?? 'None',
      item.hcpcsCode ? (item.hcpcsModifier ?? '') : '',
      String(units),
      formatPrice(item.unitPrice * units),
    ]),
  );
  const rows: [string, string, boolean?][] = totalsTextRows(order).map((row) => [
    row.label,
    row.value,
    row.strong,
  ]);
  if (order.refundedTotal > 0) {
    rows.push(['Refunded', `-${formatPrice(order.refundedTotal)}`]);
    rows.push(['Paid after refunds', formatPrice(order.total - order.refundedTotal), true]);
  }
  figures(doc, rows, { label: { x: 296, width: 152 }, value: { x: 452, width: 106, align: 'right' } });
  doc.moveDown(1);
  subheading(doc, 'Payment');
  facts(doc, [
    ['Paid with', paymentDescription(order)],
    ['Payment date', formatOrderDate(order.paidAt ?? order.createdAt)],
    ['Total paid', formatPrice(order.total - order.refundedTotal)],
  ]);
  footnoteAndEnd(
    doc,
    `This statement is not a claim form: send it with the claim form your plan asks for (Medicare's is CMS-1490S). Line amounts are before any order discount; the totals show what was paid in all. Questions: ${STORE.phone}, ${STORE.supportEmail}.`,
  );
  return done;
}

/** A statement exists for a paid order that was prescribed or has a line with an HCPCS code. */
export function hasInsuranceStatement(
  order: Pick<OrderView, 'status' | 'items'>,
  prescription: PrescriptionView | undefined | null,
): boolean {
  return hasReceipt(order) && (Boolean(prescription) || order.items.some((item) => item.hcpcsCode));
}

/**
 * The statement as a download (never inline, not kept by any cache); 404 for an order that is
 * not the asker's, or has no statement, exactly alike.
 */
export async function insuranceStatementResponse(
  order: OrderView | undefined,
  prescription: PrescriptionView | undefined,
  supplier: SupplierSettings,
): Promise<Response> {
  if (!order || !hasInsuranceStatement(order, prescription)) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const pdf = await insuranceStatementPdf(order, prescription, supplier);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${statementFileName(order.reference)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}
