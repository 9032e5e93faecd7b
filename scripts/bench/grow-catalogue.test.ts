import { describe, expect, it } from 'vitest';
import { CATALOGUE_SEED } from '../../app/commerce/catalogue/catalog-seed';
import { isOrderReference } from '../../app/commerce/orders/orders.server';
import { PRODUCT_ID_PATTERN } from '../../app/commerce/catalogue/product-id';
import { growCatalogue } from './grow-catalogue';
import { referenceOf } from './seed-order-history';

describe('the growth bench catalogue', () => {
  const grown = growCatalogue(10_000);
  const all = [...CATALOGUE_SEED.products, ...grown.products];

  it('holds 10,000 products with unique ids, SKUs and names, ids the catalogue accepts', () => {
    expect(all).toHaveLength(10_000);
    expect(new Set(all.map((p) => p.id)).size).toBe(10_000);
    expect(new Set(all.map((p) => p.sku)).size).toBe(10_000);
    expect(new Set(all.map((p) => p.name)).size).toBe(10_000);
    for (const p of grown.products) expect(p.id).toMatch(PRODUCT_ID_PATTERN);
  });

  it('grows every subcategory of every category', () => {
    const seeded = new Set(CATALOGUE_SEED.products.map((p) => `${p.category}/${p.subcategory}`));
    const counts = new Map<string, number>();
    for (const p of grown.products) {
      const key = `${p.category}/${p.subcategory}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...seeded].sort());
    for (const count of counts.values()) expect(count).toBeGreaterThan(150);
  });

  it('is the same store on every run', () => {
    const again = growCatalogue(10_000);
    expect(again.products.map((p) => [p.id, p.price, p.onHand])).toEqual(
      grown.products.map((p) => [p.id, p.price, p.onHand]),
    );
  });

  it('gives a resized seat its fit figures and prices in whole dollars less a cent', () => {
    const wide = grown.products.find(
      (p) => p.name.includes('22 in. Seat') && p.subcategory === 'wheelchairs',
    );
    expect(wide?.measures.seatWidthIn).toBe(22);
    for (const p of grown.products) {
      expect(p.price % 100).toBe(99);
      if (p.originalPrice !== undefined) expect(p.originalPrice).toBeGreaterThan(p.price);
    }
  });
});

describe('order references of the growth bench', () => {
  it('are valid and distinct', () => {
    const references = Array.from({ length: 50_000 }, (_, i) => referenceOf(i * 20));
    for (const reference of references.slice(0, 1000)) expect(isOrderReference(reference)).toBe(true);
    expect(new Set(references).size).toBe(references.length);
  });
});
