import { formatPrice } from './money';
import { SHIPPING_OPTION_NAMES, type ShippingOption, shippingPriceText } from './shipping';
import { formatRate } from './totals';

/**
 * The rows an order's money is shown in, decided once (ADR 0042): which rows appear, in which
 * order, with which labels and amounts. The pages render them with <TotalsRows>, the mails and
 * the receipt PDF with `totalsText`/their own drawing of the same rows, so the three never differ.
 */

/** The figures of an order, a payment session or the cart's quote: all worked out by the server. */
export interface TotalsFigures {
  subtotal: number;
  discount: number;
  promoCode: string | null;
  shipping: number;
  shippingOption: ShippingOption | null;
  /** Null until the destination state is known: no tax row then. */
  tax: number | null;
  taxRate: number | null;
  total: number;
  /** Exempt from sales tax under this certificate (docs/decisions/0057). */
  taxCertificate?: string | null;
}

export type TotalsRowKind = 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total';

export interface TotalsRow {
  kind: TotalsRowKind;
  label: string;
  /** Formatted for reading: '$1,234.50', '-$12.35', 'Free'. */
  value: string;
}

export interface TotalsRowsOptions {
  /** 'Total paid' on the confirmation page, 'Total' elsewhere. */
  totalLabel?: string;
  /** The cart's item count: 'Subtotal (3 items)'. */
  itemCount?: number;
}

const items = (n: number) => (n === 1 ? '1 item' : `${n} items`);

/** Subtotal, then the discount (when any), shipping, sales tax (once the state is known), total. */
export function totalsRows(figures: TotalsFigures, options: TotalsRowsOptions = {}): TotalsRow[] {
  const { totalLabel = 'Total', itemCount } = options;
  const rows: TotalsRow[] = [
    {
      kind: 'subtotal',
      label: `Subtotal${itemCount === undefined ? '' : ` (${items(itemCount)})`}`,
      value: formatPrice(figures.subtotal),
    },
  ];
  if (figures.discount > 0) {
    rows.push({
      kind: 'discount',
      label: `Discount (${figures.promoCode ?? 'promotion'})`,
      value: `-${formatPrice(figures.discount)}`,
    });
  }
  rows.push({
    kind: 'shipping',
    label: `Shipping${figures.shippingOption ? ` (${SHIPPING_OPTION_NAMES[figures.shippingOption]})` : ''}`,
    value: shippingPriceText(figures.shipping),
  });
  if (figures.taxCertificate && figures.tax !== null) {
    rows.push({
      kind: 'tax',
      label: `Tax exempt (certificate ${figures.taxCertificate})`,
      value: formatPrice(figures.tax),
    });
  } else if (figures.tax !== null && figures.taxRate !== null) {
    rows.push({
      kind: 'tax',
      label: `Sales tax (${formatRate(figures.taxRate)})`,
      value: formatPrice(figures.tax),
    });
  }
  rows.push({ kind: 'total', label: totalLabel, value: formatPrice(figures.total) });
  return rows;
}

/** A row as the mails and the receipt PDF draw it: text only, the total in bold. */
export interface TotalsTextRow {
  label: string;
  value: string;
  strong: boolean;
}

/**
 * The one text rendering of the rows, for what is not a React page: the confirmation mail's
 * table (a MailRow each) and the receipt PDF's figures take these as they are.
 */
export function totalsTextRows(figures: TotalsFigures, options: TotalsRowsOptions = {}): TotalsTextRow[] {
  return totalsRows(figures, options).map(({ kind, label, value }) => ({
    label,
    value,
    strong: kind === 'total',
  }));
}

/** The rows as plain text, one 'Label: value' a line. */
export function totalsText(rows: readonly TotalsRow[]): string {
  return rows.map((row) => `${row.label}: ${row.value}`).join('\n');
}
