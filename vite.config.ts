import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { honoDevServer } from './server/dev/vite-plugin.ts';

type ChunkingContext = {
  getModuleInfo: (id: string) => { importedIds: readonly string[]; isEntry: boolean } | null;
};

const appFile = (file: string) => fileURLToPath(new URL(`./app/${file}`, import.meta.url));

/**
 * Shared chunks of the browser build: each holds its starting modules (route modules stay
 * where they are) and everything they import statically. Left alone, the bundler cuts the code
 * every page loads (React, the router, header, footer, cart badge) into a dozen small chunks,
 * and the product listing code into a few more; each costs a request and is compressed on its
 * own. Grouped, each page loads a few larger files and about 3 KB less (docs/performance.md).
 * 'listing' is what the home, category, search and product pages share.
 */
const SHARED_CHUNKS = [
  {
    name: 'shell',
    // lazyComponent too: product cards use it (Compare), so left alone it would join 'listing',
    // and the sign-in and account pages, which use it as well, would load every listing's code.
    from: [appFile('entry.client.tsx'), appFile('root.tsx'), appFile('lib/lazy-component.tsx')],
  },
  {
    name: 'listing',
    // The cards' cart and wishlist controls come from the routes (slots), but load with the grid.
    from: [
      appFile('features/catalog/components/product-grid.tsx'),
      appFile('routes/shared/card-controls.ts'),
    ],
  },
  // What /account loads, kept together although the organisation's and the console's pages
  // import parts of it too (left alone, each part became a file of its own: /account's budget).
  { name: 'order-history', from: [appFile('features/orders/components/order-history.tsx')] },
  { name: 'field', from: [appFile('components/ui/field.tsx'), appFile('components/ui/submit-button.tsx')] },
];

// The icons' index re-exports every icon the app uses anywhere; walked through, it put them all
// in the shell. Each icon is placed by what imports it instead.
const ICON_BARREL = /\/node_modules\/lucide\/dist\/esm\/lucide\.mjs$/;

function sharedChunks(): Plugin {
  return {
    name: 'medisupply-shared-chunks',
    configEnvironment(environment) {
      if (environment !== 'client') return;
      // Module id -> shared chunk, worked out once from the module graph.
      let chunkOf: Map<string, string> | undefined;
      const assign = (ctx: ChunkingContext) => {
        const map = new Map<string, string>();
        for (const chunk of SHARED_CHUNKS) {
          const seen = new Set<string>();
          const pending = [...chunk.from];
          for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
            // Modules of an earlier chunk stay there (with what they import).
            if (seen.has(id) || map.has(id)) continue;
            seen.add(id);
            const info = ctx.getModuleInfo(id);
            if (!info) continue;
            if (!info.isEntry) map.set(id, chunk.name);
            if (!ICON_BARREL.test(id)) pending.push(...info.importedIds);
          }
        }
        return map;
      };
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: SHARED_CHUNKS.map((chunk, index) => ({
                  priority: SHARED_CHUNKS.length - index,
                  name(id, ctx) {
                    chunkOf ??= assign(ctx);
                    return chunkOf.get(id) === chunk.name ? chunk.name : null;
                  },
                })),
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '#server': fileURLToPath(new URL('./server', import.meta.url)),
    },
  },
  plugins: [
    // Must come before reactRouter(): its post-middleware has to see page requests first
    // so pages in dev get the same load context (db, nonce) as in production.
    command === 'serve' ? honoDevServer() : null,
    tailwindcss(),
    reactRouter(),
    sharedChunks(),
  ],
  build: {
    // Below this size assets are inlined as data: URLs, which our CSP allows for images only.
    assetsInlineLimit: 0,
  },
}));
