// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { readGuestWishlist, toggled, WISHLIST_KEY, writeGuestWishlist } from './guest-wishlist';

const walker = {
  id: 'folding-walker',
  name: 'Folding Walker',
  image: '/w.svg',
  price: 5_999,
  link: '/product/folding-walker',
  stock: 'In Stock' as const,
};

afterEach(() => localStorage.clear());

describe('guest wishlist', () => {
  it('adds a product when absent and removes it when present', () => {
    const first = toggled([], walker);
    expect(first.added).toBe(true);
    expect(first.entries).toEqual([
      {
        id: expect.any(String),
        product_id: 'folding-walker',
        name: 'Folding Walker',
        image: '/w.svg',
        price: 5_999,
        link: '/product/folding-walker',
        stock: 'In Stock',
      },
    ]);
    const second = toggled(first.entries, walker);
    expect(second).toEqual({ entries: [], added: false });
  });

  it('survives a round trip through storage and ignores corrupt data', () => {
    const { entries } = toggled([], walker);
    writeGuestWishlist(entries);
    expect(readGuestWishlist()).toEqual(entries);

    localStorage.setItem(WISHLIST_KEY, '[[[');
    expect(readGuestWishlist()).toEqual([]);
    localStorage.setItem(
      WISHLIST_KEY,
      JSON.stringify([
        'x',
        { id: 'no-name', price: 1 },
        { id: 'Bad Id', name: 'x', price: 1 },
        // An older entry carrying only the product id as id.
        { id: 'quad-cane', name: 'Quad Cane', price: 2_499, image: '/c.svg', link: 'javascript:alert(1)' },
        { id: 'quad-cane', name: 'Quad Cane again', price: 2_499 },
      ]),
    );
    expect(readGuestWishlist()).toEqual([
      {
        id: 'quad-cane',
        product_id: 'quad-cane',
        name: 'Quad Cane',
        image: '/c.svg',
        price: 2_499,
        // The link is rebuilt from the product id, never taken from storage.
        link: '/product/quad-cane',
        stock: undefined,
      },
    ]);
  });
});
