import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPromo, computeTotals, PROMOTIONS } from './promo';
import {
  FREE_SHIPPING_MINIMUM,
  FREE_SHIPPING_TEXT,
  FREE_SHIPPING_THRESHOLD_CENTS,
  SHIPPING_CENTS,
} from './shipping';

const firstOrder = { itemCount: 3, isFirstOrder: true };
const linesArb = fc.array(
  fc.record({ price: fc.integer({ min: 1, max: 500_000 }), quantity: fc.integer({ min: 1, max: 99 }) }),
  { maxLength: 20 },
);
const promoArb = fc.option(fc.constantFrom(...PROMOTIONS), { nil: undefined });

describe('checkPromo', () => {
  it('asks for a code when blank, upper-cases input and refuses unknown codes', () => {
    expect(checkPromo('   ', firstOrder)).toEqual({ ok: false, message: 'Please enter a promo code' });
    expect(checkPromo(' welcome10 ', firstOrder)).toMatchObject({ ok: true, promo: { code: 'WELCOME10' } });
    expect(checkPromo('SAVEALOT', firstOrder)).toEqual({ ok: false, message: 'Invalid promo code' });
  });
  it('says which term is not met', () => {
    expect(checkPromo('BESTSAVE10', { itemCount: 1, isFirstOrder: true })).toEqual({
      ok: false,
      message: 'BESTSAVE10 applies when you buy two or more items.',
    });
    expect(checkPromo('BESTSAVE10', { itemCount: 2, isFirstOrder: false }).ok).toBe(true);
    expect(checkPromo('HEALTH15', { itemCount: 1, isFirstOrder: false })).toEqual({
      ok: false,
      message: 'HEALTH15 is for a first order only.',
    });
    expect(checkPromo('NEWARRIVE15', { itemCount: 1, isFirstOrder: true }).ok).toBe(true);
  });
});

describe('computeTotals', () => {
  it('states the free-shipping rule as it is applied: from the threshold on, "$499 or more"', () => {
    expect(FREE_SHIPPING_MINIMUM).toBe('$499 or more');
    expect(FREE_SHIPPING_TEXT).toBe('Free shipping on orders of $499 or more');
    expect(computeTotals([{ price: FREE_SHIPPING_THRESHOLD_CENTS, quantity: 1 }]).shipping).toBe(0);
    expect(computeTotals([{ price: FREE_SHIPPING_THRESHOLD_CENTS - 1, quantity: 1 }]).shipping).toBe(
      SHIPPING_CENTS,
    );
  });

  it('charges $9.99 shipping below $499, none from $499 or with a free-shipping code', () => {
    expect(computeTotals([{ price: 49_899, quantity: 1 }]).shipping).toBe(SHIPPING_CENTS);
    expect(computeTotals([{ price: 49_900, quantity: 1 }]).shipping).toBe(0);
    const freebarno = PROMOTIONS.find((p) => p.code === 'FREEBARNO');
    expect(computeTotals([{ price: 1_000, quantity: 1 }], freebarno)).toMatchObject({
      shipping: 0,
      discount: 0,
      total: 1_000,
    });
    expect(computeTotals([])).toMatchObject({ subtotal: 0, shipping: 0, total: 0 });
  });
  it('takes WELCOME10 as 10% of the subtotal, rounded to the cent', () => {
    const welcome = PROMOTIONS.find((p) => p.code === 'WELCOME10');
    expect(computeTotals([{ price: 12_345, quantity: 1 }], welcome)).toEqual({
      subtotal: 12_345,
      shipping: 999,
      discount: 1_235,
      total: 12_109,
      freeShipping: false,
      itemCount: 1,
    });
  });
  it('never goes negative, never discounts more than the subtotal, and adds up', () => {
    fc.assert(
      fc.property(linesArb, promoArb, (lines, promo) => {
        const t = computeTotals(lines, promo);
        expect(t.total).toBeGreaterThanOrEqual(0);
        expect(t.discount).toBeLessThanOrEqual(t.subtotal);
        expect(t.discount).toBeGreaterThanOrEqual(0);
        expect(t.total).toBe(t.subtotal + t.shipping - t.discount);
        expect(Number.isInteger(t.total)).toBe(true);
        const shouldBeFree =
          t.subtotal >= FREE_SHIPPING_THRESHOLD_CENTS || Boolean(promo?.freeShipping) || t.itemCount === 0;
        expect(t.shipping).toBe(shouldBeFree ? 0 : SHIPPING_CENTS);
      }),
    );
  });
});
