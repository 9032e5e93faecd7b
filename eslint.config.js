import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importBoundaries from './eslint/import-boundaries.js';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The modules of server/ that wire features into the server. */
const COMPOSITION_ROOTS = ['server/app.ts', 'server/seed-cli.ts', 'server/admin-cli.ts'];

/**
 * What each feature offers the rest of the app: the modules another feature, a route, the
 * layout or the composition root may import (paths inside the feature folder, no extension).
 * Listed one by one rather than re-exported from an index, so a page bundles only what it uses.
 */
const PUBLIC_ENTRIES = {
  account: [
    'access.server',
    'access-actions.server',
    'access-route',
    'account-actions.server',
    'reset-password.server',
    'verify-email.server',
    'account-mail.server',
    'auth-sync',
    'viewer.server',
    'sessions.server',
    'device-label',
    'components/account-access',
    'components/magic-link-landing',
    'components/verify-email-landing',
    'components/account-page',
    'components/reset-password-form',
    'components/sign-out-button',
    'components/submit-button',
    'components/result-message',
    'use-result-message',
    'reauthenticate-actions.server',
    'account-refusals.server',
    'second-factor-challenge.server',
  ],
  privacy: ['account-data-actions.server', 'components/your-data-sections'],
  cart: [
    'cart',
    'cart.schema',
    'cart-state',
    'cart.server',
    'cart.api.server',
    'cart-form.server',
    'components/add-to-cart-button',
    'components/cart-page',
    'components/product-purchase',
  ],
  delivery: [
    'us-states',
    'address.schema',
    'address-book',
    'address-book.server',
    'address-book-actions.server',
    'sales-tax',
    'shipping-options',
    'components/address-fields',
    'components/address-book',
    'components/shipping-address-step',
    'components/shipping-options-field',
  ],
  catalog: [
    'catalog',
    'catalog.types',
    'fit',
    'catalog.schema',
    'catalog.server',
    'catalog-seed',
    'catalogue-store.server',
    'stock.server',
    'product-id',
    'home.server',
    'structured-data',
    'data/categories',
    'data/category-menu',
    'components/category-view',
    'components/home-sections',
    'components/product-card',
    'components/product-grid',
    'components/product-view',
    'components/recently-viewed',
    'compare.server',
    'product-search.server',
    'components/compare-view',
    'product-admin.server',
    'product-console.server',
    'product-console-actions.server',
    'media.api.server',
    'catalog-jobs.server',
    'components/console/product-list',
    'components/console/product-editor',
    'components/console/product-side-panels',
  ],
  staff: [
    'staff-accounts.server',
    'staff-actions.server',
    'components/audit-log',
    'components/staff-page',
    'jobs-console.server',
    'organisation-sign-in-console.server',
    'components/organisation-sign-in-page',
    'customers-console.server',
    'reports-console.server',
    'second-factor-console.server',
    'components/second-factor-page',
    'components/reports-page',
    'components/customer-pages',
    'components/jobs-page',
  ],
  checkout: [
    'checkout',
    'checkout.api.server',
    'quote',
    'quote.server',
    'use-order-quote',
    'components/checkout-dialog',
    'components/payment-step-preview',
  ],
  contact: [
    'contact.api.server',
    'contact-form.server',
    'contact-jobs.server',
    'contact-inbox-console.server',
    'components/console/inbox-pages',
    'components/contact-form',
    'components/contact-info',
  ],
  content: [
    'policy-facts',
    'components/contact-options',
    'components/content-page',
    'components/content-section',
    'components/faq-accordion',
  ],
  newsletter: [
    'newsletter',
    'newsletter.schema',
    'newsletter.server',
    'newsletter.api.server',
    'components/newsletter-form',
    'components/newsletter-page',
    'campaign-sender.server',
    'newsletter-console.server',
    'components/console/subscribers-page',
    'components/console/campaign-pages',
  ],
  orders: [
    'orders',
    'orders.server',
    'order-mail-queue.server',
    'order-writes.server',
    'order-status',
    'order-access.server',
    'order-mail.server',
    'receipt-download.server',
    'orders.api.server',
    'components/order-detail',
    'components/order-history',
    'components/order-success',
    'components/order-totals',
    'fulfilment',
    'order-jobs.server',
    'order-admin.server',
    'order-csv',
    'order-search-params',
    'order-stats.server',
    'order-console-actions.server',
    'refunds.server',
    'fulfilment.server',
    'abandoned-orders.server',
    'components/console/order-list',
    'components/console/order-console-detail',
    'components/console/revenue-chart',
  ],
  prescriptions: [
    'prescriptions',
    'prescriptions.server',
    'prescription.schema',
    'prescription-client',
    'prescriptions.api.server',
    'prescription-console-actions.server',
    'components/prescription-fields',
    'components/prescription-summary',
    'components/console/prescription-review-panel',
  ],
  promo: ['promo', 'promo-storage', 'components/promo-code-form', 'components/promo-offer'],
  reviews: [
    'reviews',
    'reviews.server',
    'published-reviews.server',
    'review-actions.server',
    'review-console.server',
    'components/product-reviews',
    'components/all-reviews-page',
    'components/review-line',
    'components/review-form-page',
    'components/console/review-queue',
  ],
  wishlist: [
    'wishlist-state',
    'wishlist.api.server',
    'components/wishlist-button',
    'components/wishlist-page',
  ],
};

/** `#server/...`: the path alias of server/ (tsconfig.json); '#' would start a comment in a glob. */
const SERVER_ALIAS = '^#server/';

/**
 * Imports flow lib -> features -> routes (docs/architecture.md): a lower layer never
 * imports a higher one, and browser code never imports the server.
 */
const layer = (patterns, message, { server = false } = {}) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [{ group: patterns, message }, ...(server ? [{ regex: SERVER_ALIAS, message }] : [])],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'build/',
      'node_modules/',
      '.react-router/',
      'test-results/',
      'playwright-report/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
  {
    files: ['app/lib/**'],
    rules: layer(
      [
        '~/features/*',
        '~/routes/*',
        '~/components/*',
        '../features/*',
        '../routes/*',
        '../components/*',
        '**/server/*',
      ],
      'app/lib holds the lowest layer: it must not import features, components, routes or server code.',
      { server: true },
    ),
  },
  {
    // The server half of lib (*.server.ts: the session helper) may use server infrastructure
    // (#server/auth); it still imports no feature, component or route (ADR 0043).
    files: ['app/lib/**/*.server.ts'],
    rules: layer(
      ['~/features/*', '~/routes/*', '~/components/*', '../features/*', '../routes/*', '../components/*'],
      'app/lib holds the lowest layer: it must not import features, components or routes.',
    ),
  },
  {
    // The console kit sits beside lib: every console page uses it, and it knows no feature.
    files: ['app/console/**'],
    rules: layer(
      ['~/features/*', '~/routes/*', '../features/*', '../routes/*'],
      'The console kit is shared by every feature: it must not import features or routes (ADR 0043).',
    ),
  },
  {
    files: ['app/components/ui/**'],
    rules: layer(
      ['~/features/*', '~/routes/*', '**/server/*'],
      'UI primitives have no domain knowledge: no features, routes or server code.',
      { server: true },
    ),
  },
  {
    files: ['app/features/**', 'app/components/layout/**'],
    rules: layer(
      ['~/routes/*', '../routes/*', '../../routes/*', '../../../routes/*'],
      'Features and layout must not import routes.',
    ),
  },
  {
    // Browser-bound modules reach the server only by type (the load context) or in *.server.ts;
    // tests never reach the browser.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.server.ts', 'app/**/*.test.{ts,tsx}', 'app/entry.server.tsx', 'app/load-context.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/*', '**/server/**'],
              allowTypeImports: true,
              message: 'Server code stays on the server: import it from a *.server.ts module.',
            },
            {
              regex: SERVER_ALIAS,
              allowTypeImports: true,
              message: 'Server code stays on the server: import it from a *.server.ts module.',
            },
          ],
        },
      ],
    },
  },
  {
    // server/ sits below app/: outside its composition roots it may take from app/ only the pure
    // modules every layer shares, app/lib and app/commerce (the order states: ADR 0041).
    files: ['server/**/*.ts'],
    ignores: [...COMPOSITION_ROOTS, 'server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // By a relative path (../../app/…) or the ~ alias; '../app' is server/app.ts.
              regex: '^(?:(?:\\.\\./)+app|~)/(?!lib/|commerce/)',
              message: 'server/ may import from app/ only app/lib and app/commerce.',
            },
          ],
        },
      ],
    },
  },
  {
    // server/ imports no feature except in the composition root; a feature is reached from
    // outside only through its public entry points (docs/architecture.md).
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { local: { rules: { 'import-boundaries': importBoundaries } } },
    rules: {
      'local/import-boundaries': [
        'error',
        { root: ROOT, compositionRoots: COMPOSITION_ROOTS, publicEntries: PUBLIC_ENTRIES },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
