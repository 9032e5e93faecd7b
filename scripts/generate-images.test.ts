import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../app/commerce/catalogue/data/categories';
import { PRODUCT_INPUTS } from '../app/commerce/catalogue/data/products/index';
import {
  bannerIcons,
  layoutsFor,
  renderCategoryBanner,
  renderPlaceholder,
  renderProductImage,
} from './generate-images';
import { SUBCATEGORY_ICONS, iconFile, iconFor } from './image-icons';
import { contrast, paletteFor } from './image-svg';

const MAX_BYTES = 30 * 1024;
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Written out here, not imported, so the generator's own escaping is what gets checked. */
const escape = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

/**
 * A small well-formedness check: every tag is `<name attr="value" ...>`, tags nest and close
 * in order under one root, and `&` only starts one of the five XML entities or a char ref.
 */
function expectWellFormed(xml: string): void {
  const stack: string[] = [];
  let roots = 0;
  for (const [token] of xml.trim().matchAll(/<[^>]*>|[^<]+/g)) {
    expect(token, 'stray &').not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i);
    if (!token.startsWith('<')) {
      expect(stack.length, `text outside the root: ${token}`).toBeGreaterThan(0);
      continue;
    }
    const tag = /^<(\/)?([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/)?>$/.exec(token);
    expect(tag, `malformed tag ${token}`).not.toBeNull();
    const [, closing, name, attrs = '', selfClosing] = tag!;
    const names = [...attrs.matchAll(/([\w:.-]+)=/g)].map((m) => m[1]);
    expect(new Set(names).size, `repeated attribute in ${token}`).toBe(names.length);
    if (closing) {
      expect(stack.pop(), `unexpected </${name}>`).toBe(name);
    } else {
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name!);
    }
  }
  expect(stack, 'unclosed tags').toEqual([]);
  expect(roots).toBe(1);
}

/** Self-contained: no URL but the SVG namespace, no scripts, no embedded documents. */
function expectSafe(svg: string): void {
  expect(Buffer.byteLength(svg)).toBeLessThan(MAX_BYTES);
  expect(svg.startsWith(`<svg xmlns="${SVG_NS}"`)).toBe(true);
  expect(svg.match(/https?:[^"'\s)]*/g)).toEqual([SVG_NS]);
  expect(svg).not.toMatch(/<script|<foreignObject|<image|\bon[a-z]+=|javascript:|data:/i);
  for (const [, ref] of svg.matchAll(/\bhref="([^"]*)"/g)) expect(ref).toMatch(/^#/);
  for (const [, ref] of svg.matchAll(/url\(([^)]*)\)/g)) expect(ref).toMatch(/^#/);
  expect(svg).toMatch(/^<svg [^>]*role="img"[^>]*><title>[^<]+<\/title>/);
  expect(svg.match(/<text\b/g)).toBeNull();
}

describe('image icons', () => {
  const stocked = CATEGORIES.filter((c) => c.id !== 'featured');

  it.each(stocked.flatMap((c) => c.subcategories.map((s) => [s.id])))('%s has an icon', (id) => {
    const ref = SUBCATEGORY_ICONS[id];
    expect(ref).toBeDefined();
    expect(existsSync(iconFile(ref!))).toBe(true);
  });

  it('every product resolves to an existing icon file', () => {
    for (const product of PRODUCT_INPUTS) {
      expect(existsSync(iconFile(iconFor(product.category, product.subcategory))), product.id).toBe(true);
    }
  });
});

describe('renderProductImage', () => {
  it.each(PRODUCT_INPUTS.map((p) => [p.id, p] as const))('%s', (_, product) => {
    const layouts = layoutsFor(product.imageViews);
    expect(new Set(layouts).size).toBe(product.imageViews.length);
    const renders = product.imageViews.map((view, i) => {
      const svg = renderProductImage(product, i);
      expectSafe(svg);
      expectWellFormed(svg);
      expect(svg).toContain('width="600" height="600" viewBox="0 0 600 600"');
      expect(svg).toContain(`<title>${escape(product.name)}, ${escape(view)}</title>`);
      expect(renderProductImage(product, i)).toBe(svg);
      return svg;
    });
    expect(new Set(renders).size).toBe(renders.length);
  });

  it('escapes XML special characters in the title', () => {
    const product = {
      ...PRODUCT_INPUTS[0]!,
      name: `Tom & Jerry's <Walker> "XL"`,
      imageViews: ['a > b', 'c'],
    };
    const svg = renderProductImage(product, 0);
    expect(svg).toContain('<title>Tom &amp; Jerry&apos;s &lt;Walker&gt; &quot;XL&quot;, a &gt; b</title>');
    expectWellFormed(svg);
  });

  it('keeps the icon readable against its background', () => {
    for (const product of PRODUCT_INPUTS) {
      const p = paletteFor(product.category, product.id);
      expect(Math.min(contrast(p.ink, p.panelTop), contrast(p.ink, p.panelBottom))).toBeGreaterThan(7);
      expect(contrast(p.accent, p.panelBottom)).toBeGreaterThan(3);
    }
  });
});

describe('renderCategoryBanner', () => {
  it.each(CATEGORIES.map((c) => [c.id, c] as const))('%s', (_, category) => {
    const svg = renderCategoryBanner(category);
    expectSafe(svg);
    expectWellFormed(svg);
    expect(svg).toContain('width="1200" height="400" viewBox="0 0 1200 400"');
    expect(svg).toContain(`<title>${escape(category.name)} illustration</title>`);
    expect(bannerIcons(category).length).toBeGreaterThanOrEqual(3);
    expect(bannerIcons(category).length).toBeLessThanOrEqual(4);
    expect(renderCategoryBanner(category)).toBe(svg);
  });
});

describe('renderPlaceholder', () => {
  it('is a small, safe 600x600 image', () => {
    const svg = renderPlaceholder();
    expectSafe(svg);
    expectWellFormed(svg);
    expect(svg).toContain('width="600" height="600" viewBox="0 0 600 600"');
  });
});
