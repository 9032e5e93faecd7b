import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandsOf } from './catalog';
import { SEED_PRODUCTS as PRODUCTS } from './catalog-seed';
import { Catalogue } from './catalog.server';
import { PRODUCT_ID_PATTERN } from './product-id';
import { CATEGORIES } from './data/categories';
import { SEED_HCPCS } from './data/hcpcs';
import { HCPCS_CODE, HCPCS_MODIFIER } from './hcpcs';
import { SEED_REFILL_WEEKS } from './data/refills';
import { parseRefillWeeks, refillWeeksSchema, storedRefillWeeks } from './refill-weeks';

const catalogue = new Catalogue(PRODUCTS, CATEGORIES);
const productsOf = (category: string, sub?: string) => catalogue.productsOf(category, sub);

const PUBLIC = path.resolve(import.meta.dirname, '../../../public');

describe('the catalogue data', () => {
  it('ships beds, lift chairs, scooters and patient lifts by freight, and no other product', () => {
    const freight = new Set(['hospital-beds', 'power-lift-chairs', 'scooters', 'patient-lifts']);
    for (const p of PRODUCTS) expect(p.freightOnly, p.id).toBe(freight.has(p.subcategory));
    expect(PRODUCTS.filter((p) => p.freightOnly).length).toBeGreaterThanOrEqual(12);
  });

  it('leaves prescription items out of sales tax', () => {
    for (const p of PRODUCTS) expect(p.taxExempt, p.id).toBe(p.prescriptionRequired);
  });

  it('gives HCPCS codes of the right form to products that exist, and the product carries its own', () => {
    const byId = new Map(PRODUCTS.map((p) => [p.id, p]));
    for (const [id, [code, modifier]] of Object.entries(SEED_HCPCS)) {
      expect(code, id).toMatch(HCPCS_CODE);
      if (modifier) expect(modifier, id).toMatch(HCPCS_MODIFIER);
      expect(byId.get(id)?.hcpcsCode, id).toBe(code);
      expect(byId.get(id)?.hcpcsModifier, id).toBe(modifier);
    }
    expect(byId.get('resmed-airsense-11-autoset-cpap')?.hcpcsCode).toBe('E0601');
    expect(byId.get('weekly-am-pm-pill-organizer')?.hcpcsCode).toBeUndefined();
  });

  it('makes the seed consumables refillable with 1-4 sorted intervals of 1-52 weeks, and nothing else', () => {
    const byId = new Map(PRODUCTS.map((p) => [p.id, p]));
    for (const [id, weeks] of Object.entries(SEED_REFILL_WEEKS)) {
      expect(byId.get(id)?.refillWeeks, id).toEqual(weeks);
      expect(refillWeeksSchema.parse(weeks.join(', ')), id).toEqual(weeks);
    }
    expect(byId.get('fisher-paykel-evora-full-face-mask-cushion')?.refillWeeks).toEqual([4, 8, 12]);
    expect(PRODUCTS.filter((p) => p.refillWeeks).length).toBe(Object.keys(SEED_REFILL_WEEKS).length);
    expect(byId.get('resmed-airsense-11-autoset-cpap')?.refillWeeks).toBeUndefined();
  });

  it('reads and writes refill intervals, and refuses what is not 1-4 distinct weeks of 1-52', () => {
    expect(refillWeeksSchema.parse(' 12, 4 8,4 ')).toEqual([4, 8, 12]);
    expect(refillWeeksSchema.parse('')).toBeNull();
    for (const bad of ['4, x', '0', '53', '1 2 3 4 5', '4.5', '-4']) {
      expect(refillWeeksSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(storedRefillWeeks([4, 8, 12])).toBe('4,8,12');
    expect(storedRefillWeeks([])).toBeNull();
    expect(parseRefillWeeks('4,8,12')).toEqual([4, 8, 12]);
    expect(parseRefillWeeks(null)).toEqual([]);
  });

  it('holds 140-160 products with unique ids, SKUs and slugs', () => {
    expect(PRODUCTS.length).toBeGreaterThanOrEqual(140);
    expect(PRODUCTS.length).toBeLessThanOrEqual(160);
    expect(new Set(PRODUCTS.map((p) => p.id)).size).toBe(PRODUCTS.length);
    expect(new Set(PRODUCTS.map((p) => p.sku)).size).toBe(PRODUCTS.length);
    for (const p of PRODUCTS) expect(p.id).toMatch(PRODUCT_ID_PATTERN);
  });

  it('covers every category and gives every subcategory at least 3 products', () => {
    for (const category of CATEGORIES) {
      expect(productsOf(category.id)?.length, category.id).toBeGreaterThanOrEqual(3);
      for (const sub of category.subcategories) {
        expect(productsOf(category.id, sub.id)?.length, `${category.id}/${sub.id}`).toBeGreaterThanOrEqual(3);
      }
    }
    const known = new Set(CATEGORIES.flatMap((c) => c.subcategories.map((s) => `${c.id}/${s.id}`)));
    for (const p of PRODUCTS) expect(known.has(`${p.category}/${p.subcategory}`), p.id).toBe(true);
  });

  it('uses at least 10 brands, including the spec examples', () => {
    const brands = brandsOf(PRODUCTS).map((b) => b.name);
    expect(brands.length).toBeGreaterThanOrEqual(10);
    expect(brands).toEqual(expect.arrayContaining(['Drive Medical', 'Medline', 'Carex Health Brands']));
  });

  it('prices in whole cents, with sale prices below originals and a rounded discount', () => {
    for (const p of PRODUCTS) {
      expect(Number.isInteger(p.price) && p.price > 0, p.id).toBe(true);
      if (p.originalPrice !== undefined) {
        expect(Number.isInteger(p.originalPrice) && p.originalPrice > p.price, p.id).toBe(true);
        expect(p.discount).toBe(Math.round(((p.originalPrice - p.price) / p.originalPrice) * 100));
      }
    }
    expect(PRODUCTS.some((p) => p.isSale)).toBe(true);
    expect(PRODUCTS.some((p) => p.isNew)).toBe(true);
  });

  it('describes every product fully', () => {
    for (const p of PRODUCTS) {
      expect(p.features.length, p.id).toBeGreaterThanOrEqual(4);
      expect(p.features.length, p.id).toBeLessThanOrEqual(6);
      expect(p.images.length, p.id).toBeGreaterThanOrEqual(2);
      expect(p.images.length, p.id).toBeLessThanOrEqual(4);
      expect(p.specifications.length, p.id).toBeGreaterThan(0);
      expect(p.rating).toBeGreaterThanOrEqual(1);
      expect(p.rating).toBeLessThanOrEqual(5);
      const sentences = p.description.split(/(?<=[.!?])\s+/).filter(Boolean).length;
      expect(sentences, p.id).toBeGreaterThanOrEqual(2);
      expect(sentences, p.id).toBeLessThanOrEqual(4);
    }
  });

  it('requires a prescription for every oxygen concentrator and CPAP/BiPAP machine', () => {
    const rx = PRODUCTS.filter(
      (p) => p.subcategory === 'oxygen-concentrators' || p.subcategory === 'cpap-bipap',
    );
    expect(rx.length).toBeGreaterThan(0);
    for (const p of rx) expect(p.prescriptionRequired, p.id).toBe(true);
  });

  it('has an image file under 30 KB for every product view and category banner', () => {
    const files = [
      ...PRODUCTS.flatMap((p) => p.images.map((i) => i.src)),
      ...CATEGORIES.map((c) => c.bannerImage),
      '/images/placeholder.svg',
    ];
    for (const src of files) {
      const file = path.join(PUBLIC, src);
      expect(existsSync(file), src).toBe(true);
      expect(statSync(file).size, src).toBeLessThan(30 * 1024);
    }
  });
});

describe('search words across snapshots', () => {
  const [first, second] = PRODUCTS;
  it('are kept when the changed products read the same (a sale), made again when a name changed', () => {
    const before = new Catalogue(PRODUCTS, CATEGORIES);
    const words = before.vocabulary();
    const sold = new Catalogue(
      PRODUCTS.map((p) => (p.id === first!.id ? { ...p, onHand: p.onHand - 1 } : p)),
      CATEGORIES,
    );
    sold.keepVocabularyOf(before, [first!.id]);
    expect(sold.vocabulary()).toBe(words);

    const renamed = new Catalogue(
      PRODUCTS.map((p) => (p.id === second!.id ? { ...p, name: 'Zebracorn Lift Chair' } : p)),
      CATEGORIES,
    );
    renamed.keepVocabularyOf(before, [second!.id]);
    expect(renamed.vocabulary()).not.toBe(words);
    expect(renamed.vocabulary().has('zebracorn')).toBe(true);
  });
});
