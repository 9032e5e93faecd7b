import { describe, expect, it } from 'vitest';
import { checkPromo, type PromoContext, type Promotion, promoCovers } from './promo';

/** Rows as migration 0102 seeds them (the integration tests check the seeded rows themselves). */
const row = (code: string, terms: Partial<Promotion> = {}): Promotion => ({
  id: code,
  code,
  kind: 'percent',
  value: 10,
  minSubtotal: 0,
  minItems: 0,
  firstOrder: false,
  scope: 'all',
  scopeIds: [],
  startsAt: null,
  endsAt: null,
  paused: false,
  usageLimit: null,
  perCustomerLimit: null,
  used: 0,
  label: code,
  ...terms,
});
const ROWS = [
  row('WELCOME10'),
  row('BESTSAVE10', { minItems: 2 }),
  row('HEALTH15', { value: 15, firstOrder: true }),
  row('NEWARRIVE15', { value: 15, firstOrder: true }),
];
const find = (code: string) => ROWS.find((p) => p.code === code);
const NOW = Date.UTC(2026, 10, 28);
const firstOrder: PromoContext = {
  itemCount: 3,
  subtotal: 5_000,
  eligibleSubtotal: 5_000,
  isFirstOrder: true,
  now: NOW,
};

describe('checkPromo', () => {
  it('asks for a code when blank, upper-cases input and refuses unknown codes', () => {
    expect(checkPromo(find, '   ', firstOrder)).toEqual({ ok: false, message: 'Please enter a promo code' });
    expect(checkPromo(find, ' welcome10 ', firstOrder)).toMatchObject({
      ok: true,
      promo: { code: 'WELCOME10' },
    });
    expect(checkPromo(find, 'SAVEALOT', firstOrder)).toEqual({ ok: false, message: 'Invalid promo code' });
  });
  it('says which term is not met', () => {
    expect(checkPromo(find, 'BESTSAVE10', { ...firstOrder, itemCount: 1 })).toEqual({
      ok: false,
      message: 'BESTSAVE10 applies when you buy two or more items.',
    });
    expect(checkPromo(find, 'BESTSAVE10', { ...firstOrder, itemCount: 2, isFirstOrder: false }).ok).toBe(
      true,
    );
    expect(checkPromo(find, 'HEALTH15', { ...firstOrder, itemCount: 1, isFirstOrder: false })).toEqual({
      ok: false,
      message: 'HEALTH15 is for a first order only.',
    });
    expect(checkPromo(find, 'NEWARRIVE15', { ...firstOrder, itemCount: 1 }).ok).toBe(true);
  });
  it('refuses a paused, future, ended or used-up code and one below its minimum or outside its scope', () => {
    const check = (terms: Partial<Promotion>, context: Partial<PromoContext> = {}) =>
      checkPromo(() => row('SPRING20', terms), 'spring20', { ...firstOrder, ...context });
    expect(check({ paused: true })).toEqual({
      ok: false,
      message: 'SPRING20 is not available at the moment.',
    });
    expect(check({ startsAt: NOW + 1 })).toMatchObject({ message: 'SPRING20 is not active yet.' });
    expect(check({ endsAt: NOW })).toMatchObject({ message: 'SPRING20 has expired.' });
    expect(check({ endsAt: NOW + 1 }).ok).toBe(true);
    expect(check({ usageLimit: 10, used: 10 })).toMatchObject({
      message: expect.stringMatching(/reached its limit/),
    });
    expect(check({ usageLimit: 10, used: 9 }).ok).toBe(true);
    expect(check({ minSubtotal: 5_001 })).toMatchObject({
      message: 'SPRING20 applies to orders of $50.01 or more.',
    });
    expect(check({ scope: 'category', scopeIds: ['mobility'] }, { eligibleSubtotal: 0 }).ok).toBe(false);
    expect(check({ perCustomerLimit: 1 }, { customerUses: 1 }).ok).toBe(false);
  });
});

describe('promoCovers', () => {
  it('matches a category or a product scope, and every line when unscoped', () => {
    const walker = { id: 'walker-1', category: 'mobility' };
    expect(promoCovers({ scope: 'all', scopeIds: [] }, walker)).toBe(true);
    expect(promoCovers({ scope: 'category', scopeIds: ['mobility'] }, walker)).toBe(true);
    expect(promoCovers({ scope: 'category', scopeIds: ['bath'] }, walker)).toBe(false);
    expect(promoCovers({ scope: 'product', scopeIds: ['walker-1'] }, walker)).toBe(true);
    expect(promoCovers({ scope: 'product', scopeIds: ['mobility'] }, walker)).toBe(false);
  });
});
