import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pagePatterns, UNMATCHED } from './route-label';

/** The shape of React Router's route manifest, as app/routes.ts makes it (a layout without a path too). */
const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  module: {},
});
const build = {
  routes: {
    root: route('root', undefined, ''),
    home: route('home', 'root', undefined, true),
    category: route('category', 'root', 'category/:categoryId/:subcategoryId?'),
    product: route('product', 'root', 'product/:productId'),
    reviews: route('reviews', 'root', 'product/:productId/reviews'),
    receipt: route('receipt', 'root', 'account/orders/:reference/receipt.pdf'),
    layout: route('layout', 'root', 'admin'),
    console: route('console', 'layout', undefined),
    dashboard: route('dashboard', 'console', undefined, true),
    order: route('order', 'console', 'orders/:reference'),
    notFound: route('notFound', 'root', '*'),
  },
} as unknown as ServerBuild;

describe('pagePatterns', () => {
  const pattern = pagePatterns(build);

  it('labels a page by its route as written, never by its path', () => {
    expect(pattern('/')).toBe('/');
    expect(pattern('/product/abc-123')).toBe('/product/:productId');
    expect(pattern('/product/abc-123/reviews')).toBe('/product/:productId/reviews');
    expect(pattern('/category/mobility')).toBe('/category/:categoryId/:subcategoryId?');
    expect(pattern('/category/mobility/walkers')).toBe('/category/:categoryId/:subcategoryId?');
    expect(pattern('/account/orders/MS-ABCDEFGH/receipt.pdf')).toBe('/account/orders/:reference/receipt.pdf');
    expect(pattern('/admin')).toBe('/admin');
    expect(pattern('/admin/orders/MS-ABCDEFGH')).toBe('/admin/orders/:reference');
  });

  it('gives every unknown path one label', () => {
    for (const path of ['/nope', '/wp-login.php', '/product', '/a/b/c/d'])
      expect(pattern(path)).toBe(UNMATCHED);
  });

  it('answers one label for every page while the build is loaded per request (dev)', () => {
    expect(pagePatterns(async () => build)('/product/abc')).toBe('page');
  });
});
