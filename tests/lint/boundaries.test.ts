import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Lints snippets as if they were files of the project, with the project's own eslint.config.js,
// so these cases prove the configuration, not just the rule.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RULE = 'local/import-boundaries';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The import-boundary messages for `code` placed at `file` (relative to the project). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('server/ imports no feature', () => {
  it('fails on a feature imported by a relative path', async () => {
    const errors = await boundaryErrors(
      'server/routes/example.ts',
      "import { listCart } from '../../app/commerce/cart/cart.server';\nexport const handler = listCart;\n",
    );
    expect(errors).toEqual([expect.stringContaining('server/ is infrastructure and imports no feature')]);
  });

  it('fails on a feature imported through the ~ alias, by type or dynamically', async () => {
    const errors = await boundaryErrors(
      'server/mail/example.ts',
      [
        "import type { OrderView } from '~/commerce/orders/orders';",
        "export const load = () => import('~/commerce/orders/orders.server');",
        'export type View = OrderView;',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
  });

  it('lets the composition root mount a feature through its public entry point', async () => {
    const errors = await boundaryErrors(
      'server/app.ts',
      "import { cartRoutes } from '../app/features/cart/cart.api.server';\nexport const routes = cartRoutes;\n",
    );
    expect(errors).toEqual([]);
  });

  it('holds the composition root to the public entry points too', async () => {
    const errors = await boundaryErrors(
      'server/app.ts',
      "import { addToCart } from '../app/features/cart/cart.server';\nimport { mergeGuestCart } from '../app/features/cart/merge-guest-cart';\nexport const all = [addToCart, mergeGuestCart];\n",
    );
    expect(errors).toEqual([
      expect.stringContaining("'../app/features/cart/merge-guest-cart' is not a public"),
    ]);
  });
});

describe('features reach each other only through public entry points', () => {
  it('fails on a module another feature keeps to itself', async () => {
    const errors = await boundaryErrors(
      'app/features/catalog/components/example.tsx',
      "import { addToCart } from '../../cart/cart-actions';\nexport const add = addToCart;\n",
    );
    expect(errors).toEqual([
      expect.stringContaining("'../../cart/cart-actions' is not a public entry point of the cart feature"),
    ]);
  });

  it('fails on private modules reached by alias, re-export or dynamic import', async () => {
    const errors = await boundaryErrors(
      'app/features/orders/example.ts',
      [
        "export { toggleWishlist } from '~/features/wishlist/wishlist-actions';",
        "export const load = () => import('../cart/cart-client');",
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
  });

  it('fails on a route that reaches past the public entry points', async () => {
    const errors = await boundaryErrors(
      'app/routes/example.tsx',
      "import { readGuestWishlist } from '~/features/wishlist/guest-wishlist';\nexport const read = readGuestWishlist;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('allows a public entry point of another feature, and anything inside the same feature', async () => {
    const fromFeature = await boundaryErrors(
      'app/features/wishlist/components/example.tsx',
      [
        "import { AddToCartButton } from '~/features/cart/components/add-to-cart-button';",
        "import { isPurchasable } from '../../catalog/catalog';",
        "import { toggleWishlist } from '../wishlist-actions';",
        'export const all = [AddToCartButton, isPurchasable, toggleWishlist];',
        '',
      ].join('\n'),
    );
    expect(fromFeature).toEqual([]);
    const fromRoute = await boundaryErrors(
      'app/routes/example.tsx',
      "import { ProductGrid } from '~/features/catalog/components/product-grid';\nexport const Grid = ProductGrid;\n",
    );
    expect(fromRoute).toEqual([]);
  });
});
