import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importBoundaries from './eslint/import-boundaries.js';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The modules of server/ that wire features into the server. */
const COMPOSITION_ROOTS = [
  'server/app.ts',
  'server/seed-cli.ts',
  'server/admin-cli.ts',
  'server/products-import-cli.ts',
  'server/refills-cli.ts',
];

/** The folders every feature shares; they import no feature (docs/architecture.md). */
const SHARED_KITS = ['app/commerce', 'app/console', 'app/lib', 'app/components/ui'];

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
    // Features never import each other; the shared kits and server/ import no feature (except
    // server/'s composition roots). Routes and the layout compose features (docs/architecture.md).
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { local: { rules: { 'import-boundaries': importBoundaries } } },
    rules: {
      'local/import-boundaries': [
        'error',
        { root: ROOT, compositionRoots: COMPOSITION_ROOTS, sharedKits: SHARED_KITS },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
