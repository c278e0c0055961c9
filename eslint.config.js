import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const clientFeatures = readdirSync('client/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Drizzle belongs to the repositories, the database layer and the shared server pieces (the queue, ...). */
const NO_DRIZZLE = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only *.repository.ts, server/db and server/lib touch Drizzle: move the query into a repository.',
};
/** A route parses, authorises, calls a service and answers; the data behind it is the service's business. */
const NO_REPOSITORY = {
  regex: '\\.repository(\\.ts)?$',
  message: 'Routes call a service, never a repository: let the service module build its repository.',
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'playwright-report', 'test-results', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // A focused test (.only) would silently skip every other test in CI.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name='only'][object.type='Identifier'][object.name=/^(describe|it|test|suite|bench)$/]",
          message: 'Focused tests (.only) skip the rest of the suite.',
        },
        {
          selector: "MemberExpression[property.name='only'][object.type='MemberExpression']",
          message: 'Focused tests (.only) skip the rest of the suite.',
        },
        {
          selector: "MemberExpression[property.name='only'][object.type='CallExpression']",
          message: 'Focused tests (.only) skip the rest of the suite.',
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // A feature imports components/, lib/, shared/ and another feature's public index.ts, never its internals:
  // what two features share moves down into components/ or lib/ (bulletproof-react's rule).
  ...clientFeatures.map((feature) => ({
    files: [`client/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app', '@/app/*'], message: 'Features must not import the app layer.' },
            {
              regex: `^@/features/(?!${feature}/)[^/]+/.+`,
              message: "Import another feature only through its public index.ts ('@/features/<name>').",
            },
            {
              regex: '^(\\.\\./){2,}',
              message:
                "Reach outside the feature by alias ('@/components', '@/lib', '@shared'), not by ../../",
            },
            {
              regex: '^@/(?!components(/|$)|lib(/|$)|features(/|$)|testing(/|$))',
              message: "A feature imports only '@/components', '@/lib', '@shared' and features' index.ts.",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['client/src/components/**/*.{ts,tsx}', 'client/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*', '@/app/*'], message: 'Shared code must not import features.' },
          ],
        },
      ],
    },
  },
  {
    // Server layers (STYLE.md): Drizzle stays behind the repositories.
    files: ['server/**/*.ts'],
    ignores: [
      'server/**/*.repository.ts',
      'server/db/**',
      'server/lib/**',
      'server/testing/**',
      'server/**/__tests__/**',
      // The demo seed writes rows straight into the tables: it is a data script, not a request's path.
      'server/seed/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DRIZZLE] }] },
  },
  {
    // Repeats the Drizzle rule: a later block's no-restricted-imports replaces an earlier one's for a file.
    files: ['server/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DRIZZLE, NO_REPOSITORY] }] },
  },
  {
    // No import cycles anywhere: a cycle makes load order decide what is undefined at start.
    files: ['client/**/*.{ts,tsx}', 'server/**/*.ts', 'shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only the extensions it is told of; without these it sees no TypeScript file's imports.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          tsconfig: { configFile: 'tsconfig.json' },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  prettier,
);
