import { describe, expect, it } from 'vitest';
import { hasDeferredData } from './deferred-data';

describe('hasDeferredData', () => {
  it('is false for data that is all there', () => {
    expect(hasDeferredData({ root: { user: null, cartCount: 2 }, 'routes/account': { orders: [] } })).toBe(
      false,
    );
    expect(hasDeferredData({ root: null, page: [Promise.resolve(1)] }, null, undefined)).toBe(false);
  });

  it('finds a promise a loader returned as one of its values, or as its whole answer', () => {
    expect(hasDeferredData({ root: {}, page: { reviews: Promise.resolve([]) } })).toBe(true);
    expect(hasDeferredData({ page: Promise.resolve({}) })).toBe(true);
  });

  it('looks at action data too', () => {
    expect(hasDeferredData({ page: {} }, { page: { later: Promise.resolve(1) } })).toBe(true);
  });
});
