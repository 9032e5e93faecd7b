import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { honoDevServer } from './server/dev/vite-plugin.ts';

export default defineConfig(({ command }) => ({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  plugins: [
    // Must come before reactRouter(): its post-middleware has to see page requests first
    // so pages in dev get the same load context (db, nonce) as in production.
    command === 'serve' ? honoDevServer() : null,
    tailwindcss(),
    reactRouter(),
  ],
  build: {
    // Below this size assets are inlined as data: URLs, which our CSP allows for images only.
    assetsInlineLimit: 0,
  },
}));
