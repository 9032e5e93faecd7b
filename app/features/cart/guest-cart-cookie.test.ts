import { describe, expect, it } from 'vitest';
import {
  cartCookieHeader,
  cookieWithAdded,
  cookieWithout,
  cookieWithQuantity,
  MAX_COOKIE_LINES,
  parseCartCookie,
  readCartCookie,
  serializeCartCookie,
} from './guest-cart-cookie';

describe('guest cart cookie', () => {
  it('round-trips lines and reads them from a Cookie header among others', () => {
    const lines = [
      { productId: 'folding-walker', quantity: 2 },
      { productId: 'cane-1', quantity: 99 },
    ];
    const value = serializeCartCookie(lines);
    expect(value).toBe('folding-walker.2_cane-1.99');
    expect(parseCartCookie(value)).toEqual(lines);
    expect(readCartCookie(`theme=dark; guest_cart=${value}; other=1`)).toEqual(lines);
    expect(readCartCookie('theme=dark')).toEqual([]);
  });

  it('drops damaged parts, adds up repeated products and caps at 99', () => {
    expect(parseCartCookie('good.1_Bad.2_x.0_y.-1_z.1.5_../etc.1_%00.1_good.200')).toEqual([
      { productId: 'good', quantity: 99 },
    ]);
    expect(parseCartCookie('')).toEqual([]);
  });

  it('keeps at most the line limit, so the cookie stays under 4 KB', () => {
    const many = Array.from({ length: MAX_COOKIE_LINES + 5 }, (_, i) => `product-${i}.1`).join('_');
    expect(parseCartCookie(many)).toHaveLength(MAX_COOKIE_LINES);
    const full = parseCartCookie(many);
    expect(cookieWithAdded(full, 'one-more', 1, 99)).toBeUndefined();
    expect(cartCookieHeader(full, true).length).toBeLessThan(4096);
  });

  it('adds new lines first, held at what is left; sets and removes by product', () => {
    const added = cookieWithAdded([{ productId: 'a', quantity: 1 }], 'b', 5, 3);
    expect(added).toEqual({
      quantity: 3,
      lines: [
        { productId: 'b', quantity: 3 },
        { productId: 'a', quantity: 1 },
      ],
    });
    const again = cookieWithAdded(added?.lines ?? [], 'a', 1, 99);
    expect(again?.lines).toEqual([
      { productId: 'b', quantity: 3 },
      { productId: 'a', quantity: 2 },
    ]);
    expect(cookieWithQuantity(again?.lines ?? [], 'b', 150)).toEqual([
      { productId: 'b', quantity: 99 },
      { productId: 'a', quantity: 2 },
    ]);
    expect(cookieWithQuantity(again?.lines ?? [], 'b', 0)).toEqual(again?.lines);
    expect(cookieWithout(again?.lines ?? [], 'b')).toEqual([{ productId: 'a', quantity: 2 }]);
  });

  it('an empty cart removes the cookie; Secure only on https', () => {
    expect(cartCookieHeader([], false)).toBe('guest_cart=; Max-Age=0; Path=/; SameSite=Lax');
    expect(cartCookieHeader([{ productId: 'a', quantity: 1 }], true)).toContain('; Secure');
  });
});
