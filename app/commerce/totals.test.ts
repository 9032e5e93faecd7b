import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LAUNCH_SHIPPING } from './delivery/shipping-options';
import { freeShippingMinimum, freeShippingText, shipsFree } from './shipping';
import { formatRate, orderTotals, percentDiscount, promoDiscount, salesTax, type TotalsLine } from './totals';
import { totalsRows, totalsText, totalsTextRows } from './totals-rows';

const line = (lineTotal: number, extra: Partial<TotalsLine> = {}): TotalsLine => ({
  lineTotal,
  quantity: 1,
  taxExempt: false,
  hsaFsaEligible: false,
  ...extra,
});

describe('free shipping, decided in one place', () => {
  it('states the rule as it is applied: from the threshold on, "$499 or more"', () => {
    const { standard, expedited } = LAUNCH_SHIPPING;
    expect(freeShippingMinimum(49_900)).toBe('$499 or more');
    expect(freeShippingText(49_900)).toBe('Free shipping on orders of $499 or more');
    expect(freeShippingText(1_000_000)).toBe('Free shipping on orders of $10,000 or more');
    expect(freeShippingText(null)).toBeNull();
    expect(shipsFree('standard', standard, 49_900, false)).toBe(true);
    expect(shipsFree('standard', standard, 49_899, false)).toBe(false);
    expect(shipsFree('standard', standard, 1_000, true)).toBe(true);
    expect(shipsFree('freight', { ...standard, freeFrom: null }, 1_000_000, false)).toBe(false);
    // A free-shipping code is for Standard; Expedited ships free only from its own threshold.
    expect(shipsFree('expedited', expedited, 1_000, true)).toBe(false);
    expect(shipsFree('expedited', { ...expedited, freeFrom: 100_000 }, 100_000, false)).toBe(true);
  });
});

describe('scoped and fixed promotions', () => {
  it('takes a percentage of the covered lines only, rounded once; tax follows the covered lines', () => {
    // 20 % of the covered $10.05 + $0.10 = $2.03 (half up); the $50 line is not discounted.
    const lines = [line(1_005), line(5_000, { promoEligible: false }), line(10)];
    expect(promoDiscount(lines, 20)).toBe(203);
    const totals = orderTotals({ lines, percentOff: 20, shipping: 0, taxRate: 10_000 });
    expect(totals).toMatchObject({ subtotal: 6_015, discount: 203, tax: Math.round((6_015 - 203) / 10) });
  });
  it('never takes a fixed amount beyond the covered lines', () => {
    const lines = [line(1_500), line(9_000, { promoEligible: false })];
    expect(promoDiscount(lines, 0, 1_000)).toBe(1_000);
    expect(promoDiscount(lines, 0, 5_000)).toBe(1_500);
    expect(orderTotals({ lines, percentOff: 0, amountOff: 5_000, shipping: 0, taxRate: null }).total).toBe(
      9_000,
    );
  });
  it('exempt covered lines keep their share of the discount out of the taxable amount', () => {
    const lines = [line(1_000, { taxExempt: true }), line(1_000), line(2_000, { promoEligible: false })];
    // $2.00 off the two covered lines: $1.00 of it on the taxable one.
    expect(salesTax(lines, 200, 10_000)).toEqual({ taxable: 2_900, tax: 290 });
  });
});

describe('orderTotals', () => {
  it('adds the lines, the shipping and nothing else while the state is unknown', () => {
    expect(
      orderTotals({
        lines: [line(12_345), line(2_000, { quantity: 2 })],
        percentOff: 0,
        shipping: LAUNCH_SHIPPING.standard.price,
        taxRate: null,
      }),
    ).toEqual({
      itemCount: 3,
      subtotal: 14_345,
      discount: 0,
      shipping: 999,
      taxRate: null,
      tax: null,
      total: 15_344,
      hsaFsaSubtotal: 0,
    });
  });

  it('takes the discount before tax, rounding each to the cent', () => {
    // 10 % of $123.45 is $12.345: rounded half up to $12.35. Taxed: $111.10 at 7.25 % = $8.05475 -> $8.05.
    const totals = orderTotals({ lines: [line(12_345)], percentOff: 10, shipping: 999, taxRate: 7250 });
    expect(totals).toMatchObject({
      subtotal: 12_345,
      discount: 1_235,
      shipping: 999,
      tax: 805,
      total: 12_914,
    });
  });

  it('rounds the tax half up once for the order, not per line', () => {
    // Two lines of $0.10 at 6.875 %: 0.6875 cent each would round to 1 cent each (2); once for 20 cents is 1.375 -> 1.
    const totals = orderTotals({ lines: [line(10), line(10)], percentOff: 0, shipping: 0, taxRate: 6875 });
    expect(totals.tax).toBe(1);
    expect(salesTax([{ lineTotal: 200, taxExempt: false }], 0, 7250).tax).toBe(15); // 14.5 -> 15
  });

  it('shares the discount over taxable and exempt lines and taxes only the taxable share', () => {
    const totals = orderTotals({
      lines: [line(20_000), line(10_000, { taxExempt: true, hsaFsaEligible: true })],
      percentOff: 15,
      shipping: 0,
      taxRate: 6000,
    });
    // Discount $45.00; the taxable line's share is 2/3 = $30.00; taxed $170.00 x 6 % = $10.20.
    expect(totals).toMatchObject({
      subtotal: 30_000,
      discount: 4_500,
      tax: 1_020,
      total: 26_520,
      hsaFsaSubtotal: 10_000,
    });
  });

  it('gives zero for no lines, whatever shipping was asked', () => {
    expect(orderTotals({ lines: [], percentOff: 10, shipping: 999, taxRate: 7250 })).toEqual({
      itemCount: 0,
      subtotal: 0,
      discount: 0,
      shipping: 0,
      taxRate: 7250,
      tax: 0,
      total: 0,
      hsaFsaSubtotal: 0,
    });
  });

  it('never goes negative, never discounts more than the subtotal, and adds up', () => {
    const lines = fc.array(
      fc.record({
        lineTotal: fc.integer({ min: 1, max: 5_000_000 }),
        quantity: fc.integer({ min: 1, max: 99 }),
        taxExempt: fc.boolean(),
        hsaFsaEligible: fc.boolean(),
      }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(
        lines,
        fc.constantFrom(0, 5, 10, 15, 100),
        fc.option(fc.integer({ min: 0, max: 11_500 })),
        (l, pct, rate) => {
          const t = orderTotals({ lines: l, percentOff: pct, shipping: 999, taxRate: rate });
          expect(t.discount).toBe(percentDiscount(t.subtotal, pct));
          expect(t.discount).toBeLessThanOrEqual(t.subtotal);
          expect(t.total).toBe(t.subtotal - t.discount + t.shipping + (t.tax ?? 0));
          expect(t.total).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(t.total)).toBe(true);
          expect(t.hsaFsaSubtotal).toBeLessThanOrEqual(t.subtotal);
        },
      ),
    );
  });

  it('writes a rate as a percentage', () => {
    expect(formatRate(7250)).toBe('7.25%');
    expect(formatRate(6875)).toBe('6.875%');
  });
});

describe('totalsRows', () => {
  const figures = {
    subtotal: 12_345,
    discount: 1_235,
    promoCode: 'WELCOME10',
    shipping: 2_499,
    shippingOption: 'expedited' as const,
    tax: 805,
    taxRate: 7250,
    total: 14_414,
  };

  it('lays out subtotal, discount, shipping, tax and total in that order', () => {
    expect(totalsRows(figures)).toEqual([
      { kind: 'subtotal', label: 'Subtotal', value: '$123.45' },
      { kind: 'discount', label: 'Discount (WELCOME10)', value: '-$12.35' },
      { kind: 'shipping', label: 'Shipping (Expedited)', value: '$24.99' },
      { kind: 'tax', label: 'Sales tax (7.25%)', value: '$8.05' },
      { kind: 'total', label: 'Total', value: '$144.14' },
    ]);
  });

  it('leaves out the discount with none and the tax until the state is known; free shipping reads Free', () => {
    const rows = totalsRows(
      {
        ...figures,
        discount: 0,
        promoCode: null,
        shipping: 0,
        shippingOption: null,
        tax: null,
        taxRate: null,
      },
      { itemCount: 3, totalLabel: 'Total paid' },
    );
    expect(rows.map((row) => [row.label, row.value])).toEqual([
      ['Subtotal (3 items)', '$123.45'],
      ['Shipping', 'Free'],
      ['Total paid', '$144.14'],
    ]);
  });

  it('renders the same rows as text for the mails and the receipt', () => {
    expect(totalsTextRows(figures).at(-1)).toEqual({ label: 'Total', value: '$144.14', strong: true });
    expect(totalsText(totalsRows(figures))).toBe(
      'Subtotal: $123.45\nDiscount (WELCOME10): -$12.35\nShipping (Expedited): $24.99\nSales tax (7.25%): $8.05\nTotal: $144.14',
    );
  });
});
