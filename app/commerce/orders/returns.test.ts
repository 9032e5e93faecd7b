import { describe, expect, it } from 'vitest';
import { returnDeadline, returnRefund, returnRefusal } from './returns';

const DAY = 24 * 60 * 60 * 1000;

describe('the return window', () => {
  const delivered = Date.UTC(2026, 0, 1);
  const order = { status: 'paid', fulfilment: 'delivered', deliveredAt: delivered } as const;

  it('is open until 30 days after delivery, and closed after', () => {
    expect(returnRefusal(order, delivered + 30 * DAY)).toBeNull();
    expect(returnDeadline(delivered)).toBe(delivered + 30 * DAY);
    expect(returnRefusal(order, delivered + 30 * DAY + 1)).toBe(
      'The 30-day return window for this order has closed.',
    );
  });

  it('is closed before delivery and after a full refund', () => {
    expect(returnRefusal({ ...order, fulfilment: 'shipped', deliveredAt: null }, delivered)).toBe(
      'Only a delivered order can be returned.',
    );
    expect(returnRefusal({ ...order, status: 'invoiced' }, delivered)).toMatch(
      /^This order was placed on invoice terms: contact us/,
    );
    expect(returnRefusal({ ...order, status: 'refunded' }, delivered)).toBe(
      'This order has been refunded in full.',
    );
  });
});

describe("a return's refund", () => {
  // $100.00 + $33.33 of goods, 10% off, $9.60 tax, $12.00 shipping: paid $141.60.
  const order = { subtotal: 13333, discount: 1333, tax: 960, shipping: 1200, total: 14160, refundedTotal: 0 };
  const lines = [
    { lineTotal: 10000, boughtQuantity: 2, quantity: 1 },
    { lineTotal: 3333, boughtQuantity: 3, quantity: 2 },
  ];

  it('gives each line its share of what was paid, discount and tax in proportion, rounded per line', () => {
    // Goods paid: 13333 - 1333 + 960 = 12960. Line 1: 10000 * 12960 / 13333 / 2 = 4860.11 -> 4860;
    // line 2: 3333 * 12960 / 13333 * 2 / 3 = 2159.84 -> 2160.
    const refund = returnRefund(order, lines, { ourError: false, shippingRefundedAlready: false });
    expect(refund).toEqual({ lines: [4860, 2160], shipping: 0, total: 7020 });
  });

  it('adds the shipping charge for our error, once', () => {
    expect(returnRefund(order, lines, { ourError: true, shippingRefundedAlready: false })).toMatchObject({
      shipping: 1200,
      total: 8220,
    });
    expect(returnRefund(order, lines, { ourError: true, shippingRefundedAlready: true })).toMatchObject({
      shipping: 0,
      total: 7020,
    });
  });

  it('never refunds more than is left on the order', () => {
    const refund = returnRefund({ ...order, refundedTotal: 14000 }, lines, {
      ourError: true,
      shippingRefundedAlready: false,
    });
    expect(refund.total).toBe(160);
    expect(refund.shipping).toBe(0);
  });

  it('returns everything bought as exactly what was paid for the goods', () => {
    const all = [
      { lineTotal: 10000, boughtQuantity: 2, quantity: 2 },
      { lineTotal: 3333, boughtQuantity: 3, quantity: 3 },
    ];
    expect(returnRefund(order, all, { ourError: true, shippingRefundedAlready: false }).total).toBe(14160);
  });
});
