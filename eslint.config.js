import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** `#server/...`: the path alias of server/ (tsconfig.json); '#' would start a comment in a glob. */
const SERVER_ALIAS = '^#server/';

/**
 * Imports flow lib -> features -> routes (design.md, house rule 6): a lower layer never
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
      ['~/routes/*', '../routes/*', '../../routes/*'],
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
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
