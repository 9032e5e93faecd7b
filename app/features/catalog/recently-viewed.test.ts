import { describe, expect, it } from 'vitest';
import { parseViewed, RECENTLY_VIEWED_MAX, withViewed, type ViewedProduct } from './recently-viewed';

const product = (n: number): ViewedProduct => ({
  id: `product-${n}`,
  name: `Product ${n}`,
  image: `/images/products/product-${n}.webp`,
  link: `/product/product-${n}`,
});

describe('recently viewed', () => {
  it('puts the latest first, once, and keeps at most eight', () => {
    let list: ViewedProduct[] = [];
    for (let n = 1; n <= 10; n++) list = withViewed(list, product(n));
    expect(list.map((p) => p.id)).toEqual([10, 9, 8, 7, 6, 5, 4, 3].map((n) => `product-${n}`));
    list = withViewed(list, product(6));
    expect(list.map((p) => p.id).slice(0, 3)).toEqual(['product-6', 'product-10', 'product-9']);
    expect(list).toHaveLength(RECENTLY_VIEWED_MAX);
  });

  it('ignores damaged storage and entries that would link anywhere but a product page', () => {
    expect(parseViewed('not json')).toEqual([]);
    expect(parseViewed('{"id":"x"}')).toEqual([]);
    const stored = JSON.stringify([
      product(1),
      { ...product(2), link: 'https://evil.example/product/x' },
      { ...product(3), link: 'javascript:alert(1)' },
      { id: 4 },
    ]);
    expect(parseViewed(stored)).toEqual([product(1)]);
  });
});
