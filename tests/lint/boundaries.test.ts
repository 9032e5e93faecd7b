import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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

describe('features never import each other', () => {
  it('fails on another feature reached by a relative path', async () => {
    const errors = await boundaryErrors(
      'app/features/catalog/components/example.tsx',
      "import { addToCart } from '../../cart/cart-actions';\nexport const add = addToCart;\n",
    );
    expect(errors).toEqual([
      expect.stringContaining(
        "Features never import each other: '../../cart/cart-actions' belongs to the cart feature",
      ),
    ]);
  });

  it('fails on another feature reached by alias, by type, by re-export or dynamically', async () => {
    const errors = await boundaryErrors(
      'app/features/orders/example.ts',
      [
        "import type { CartLine } from '~/features/cart/cart';",
        "export { toggleWishlist } from '~/features/wishlist/wishlist-actions';",
        "export const load = () => import('../cart/cart-client');",
        'export type Line = CartLine;',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
  });

  it('allows the shared kits and anything inside the same feature', async () => {
    const errors = await boundaryErrors(
      'app/features/wishlist/components/example.tsx',
      [
        "import { formatPrice } from '~/commerce/money';",
        "import { ConsolePager } from '../../../console/console-pager';",
        "import { toggleWishlist } from '../wishlist-actions';",
        "import { cn } from '~/lib/storage';",
        'export const all = [formatPrice, ConsolePager, toggleWishlist, cn];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});

describe('the shared kits import no feature', () => {
  it.each(['app/commerce/example.ts', 'app/console/example.tsx', 'app/lib/example.ts'])(
    '%s',
    async (file) => {
      const errors = await boundaryErrors(
        file,
        "import { ORDERS } from '~/features/orders/orders';\nexport const o = ORDERS;\n",
      );
      expect(errors).toEqual([expect.stringContaining('is shared by every feature and imports none')]);
    },
  );
});

describe('server/ imports no feature', () => {
  it('fails on a feature imported by a relative path', async () => {
    const errors = await boundaryErrors(
      'server/routes/example.ts',
      "import { listCart } from '../../app/features/cart/cart-form.server';\nexport const handler = listCart;\n",
    );
    expect(errors).toEqual([expect.stringContaining('server/ is infrastructure and imports no feature')]);
  });

  it('fails on a feature imported through the ~ alias, by type or dynamically', async () => {
    const errors = await boundaryErrors(
      'server/mail/example.ts',
      [
        "import type { OrderAdmin } from '~/features/orders/order-admin';",
        "export const load = () => import('~/features/orders/order-stats.server');",
        'export type View = OrderAdmin;',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
  });

  it('lets the composition root mount a feature', async () => {
    const errors = await boundaryErrors(
      'server/app.ts',
      "import { checkoutRoutes } from '../app/features/checkout/checkout.api.server';\nexport const routes = checkoutRoutes;\n",
    );
    expect(errors).toEqual([]);
  });
});

describe('routes and the layout compose features', () => {
  it('lets a route import several features', async () => {
    const errors = await boundaryErrors(
      'app/routes/example.tsx',
      [
        "import { ProductGrid } from '~/features/catalog/components/product-grid';",
        "import { readGuestWishlist } from '~/features/wishlist/guest-wishlist';",
        'export const all = [ProductGrid, readGuestWishlist];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});

describe('a planted import fails the build', () => {
  // The same command `npm test` runs for lint, on a real file planted in a feature folder.
  it('eslint exits non-zero on a feature importing another', async () => {
    const dir = `${ROOT}app/features/wishlist/__planted__`;
    await mkdir(dir, { recursive: true });
    const planted = `${dir}/planted.ts`;
    await writeFile(
      planted,
      "import { CART_LINE_LIMIT } from '../../cart/cart.schema';\nexport const limit = CART_LINE_LIMIT;\n",
    );
    try {
      const run = promisify(execFile)(`${ROOT}node_modules/.bin/eslint`, ['--max-warnings=0', planted], {
        cwd: ROOT,
      });
      const failure = await run.then(
        () => null,
        (error: { code?: number; stdout?: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stdout).toContain('Features never import each other');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
