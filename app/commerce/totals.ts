/**
 * What an order costs, worked out once (ADR 0042). The cart's summary, the payment dialog and
 * the stored order all take these figures from `orderTotals`; nothing adds them up again.
 * Everything is integer cents; the rounding rules are written here and nowhere else.
 */

/** One priced line as the totals need it. */
export interface TotalsLine {
  /** Unit price x quantity, cents. */
  lineTotal: number;
  quantity: number;
  /** Exempt products (flagged in the catalogue) carry no tax. */
  taxExempt: boolean;
  /** An HSA or FSA card may pay for it (with a letter of medical necessity or not). */
  hsaFsaEligible: boolean;
  /** Whether the applied promotion's scope covers it (absent: it does). */
  promoEligible?: boolean;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  /** The applied promotion's percent off; 0 when none applies. */
  percentOff: number;
  /** A fixed-amount promotion's cents off; never more than the eligible lines' sum. */
  amountOff?: number;
  /** The chosen shipping option's price (free shipping already decided by `standardShippingIsFree`). */
  shipping: number;
  /** Thousandths of a percent (7250 = 7.25 %); null while the destination state is unknown. */
  taxRate: number | null;
}

export interface OrderTotals {
  itemCount: number;
  subtotal: number;
  discount: number;
  shipping: number;
  taxRate: number | null;
  /** Null until the rate is known: no tax row is shown then. */
  tax: number | null;
  total: number;
  /** What an HSA or FSA card may pay: the eligible lines, before discount. */
  hsaFsaSubtotal: number;
}

/** The discount a percentage gives: rounded half up to the cent, never more than the subtotal. */
export function percentDiscount(subtotal: number, percentOff: number): number {
  return Math.min(subtotal, Math.round((subtotal * percentOff) / 100));
}

const eligible = (line: Pick<TotalsLine, 'promoEligible'>) => line.promoEligible !== false;

/**
 * A promotion's discount on the lines its scope covers: a percentage of their sum, rounded half
 * up once for the order (not line by line, so the cents never depend on how lines are split), or
 * a fixed amount, never more than that sum.
 */
export function promoDiscount(
  lines: readonly Pick<TotalsLine, 'lineTotal' | 'promoEligible'>[],
  percentOff: number,
  amountOff = 0,
): number {
  const base = lines.reduce((sum, line) => (eligible(line) ? sum + line.lineTotal : sum), 0);
  return Math.min(base, percentDiscount(base, percentOff) + amountOff);
}

/**
 * Sales tax: taxable lines less their share of the discount (in proportion to the amounts of
 * the lines the discount is on), times the rate, rounded half up to the cent once for the
 * order. Shipping is not taxed.
 */
export function salesTax(
  lines: readonly Pick<TotalsLine, 'lineTotal' | 'taxExempt' | 'promoEligible'>[],
  discount: number,
  rate: number,
): { taxable: number; tax: number } {
  const sum = (list: typeof lines) => list.reduce((total, line) => total + line.lineTotal, 0);
  const discounted = lines.filter(eligible);
  const total = sum(discounted);
  const taxableDiscounted = sum(discounted.filter((line) => !line.taxExempt));
  const discountShare = total > 0 ? Math.round((Math.min(discount, total) * taxableDiscounted) / total) : 0;
  const taxable = Math.max(0, sum(lines.filter((line) => !line.taxExempt)) - discountShare);
  return { taxable, tax: Math.round((taxable * rate) / 100_000) };
}

/** The sum of the HSA/FSA-eligible lines (those needing a letter of medical necessity included). */
export function hsaFsaSubtotal(lines: readonly Pick<TotalsLine, 'lineTotal' | 'hsaFsaEligible'>[]): number {
  return lines.reduce((sum, line) => (line.hsaFsaEligible ? sum + line.lineTotal : sum), 0);
}

/** Subtotal, discount (before tax), shipping, tax, total and the HSA/FSA-eligible amount. */
export function orderTotals({ lines, percentOff, amountOff, shipping, taxRate }: TotalsInput): OrderTotals {
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const discount = promoDiscount(lines, percentOff, amountOff);
  // An empty cart ships nothing, whatever option is selected.
  const shippingCharge = itemCount === 0 ? 0 : shipping;
  const tax = taxRate === null ? null : salesTax(lines, discount, taxRate).tax;
  return {
    itemCount,
    subtotal,
    discount,
    shipping: shippingCharge,
    taxRate,
    tax,
    total: subtotal - discount + shippingCharge + (tax ?? 0),
    hsaFsaSubtotal: hsaFsaSubtotal(lines),
  };
}

/** '7.25%' for a rate of 7250 (thousandths of a percent). */
export function formatRate(rate: number): string {
  return `${Number((rate / 1000).toFixed(3))}%`;
}
