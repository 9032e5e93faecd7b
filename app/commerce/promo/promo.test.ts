import { describe, expect, it } from 'vitest';
import { checkPromo } from './promo';

const firstOrder = { itemCount: 3, isFirstOrder: true };

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
