import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const foldersIn = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const clientFeatures = foldersIn('client/src/features');
const serverFeatures = foldersIn('server/features');

/**
 * Boundaries over resolved paths (import-x/no-restricted-paths), so a relative path, the @server alias and a
 * re-export are judged alike; server/__tests__/lint-boundaries.test.ts keeps a probe for each zone.
 * A target glob is matched against the absolute file name, `except` is relative to `from`.
 */
const boundaryZones = [
  { target: 'client', from: ['server'], message: 'The browser app never imports server code.' },
  // The client by feature (bulletproof-react's zones): a feature reaches another only through its index.ts,
  // never the app layer; components/ and lib/ are below every feature.
  ...clientFeatures.map((feature) => ({
    target: `client/src/features/!(${feature})/**`,
    from: `client/src/features/${feature}`,
    except: ['./index.ts'],
    message: `Import the ${feature} feature through its index.ts ('@/features/${feature}'), not its internals.`,
  })),
  {
    target: 'client/src/features',
    from: ['client/src/app'],
    message: 'Features must not import the app layer.',
  },
  {
    target: ['client/src/components', 'client/src/lib'],
    from: ['client/src/features', 'client/src/app'],
    message: 'Shared code must not import features or the app layer.',
  },
  {
    target: 'client/src/lib',
    from: ['client/src/components'],
    message: 'lib/ is below components/: what both need (a toast, a dialog) lives in components/.',
  },
  {
    target: 'shared',
    from: ['client', 'server'],
    message: 'shared/ is imported by both sides and imports neither.',
  },
  {
    target: ['server/lib', 'server/middleware', 'server/db'],
    from: ['server/features'],
    message: 'lib/, middleware/ and db/ know no feature: let app.ts or routes/ hand the feature in.',
  },
  {
    target: 'server/db',
    from: ['server/lib', 'server/middleware'],
    message: 'db/ is below lib/ and middleware/: what the database layer needs lives in db/ or server/*.ts.',
  },
  // A feature is a sealed module: code outside it imports only its index.ts.
  ...serverFeatures.map((feature) => ({
    target: ['server/*.ts', 'server/!(features)/**', `server/features/!(${feature})/**`],
    from: `server/features/${feature}`,
    except: ['./index.ts'],
    message: `Import the ${feature} feature through its index.ts ('features/${feature}'), not its internals.`,
  })),
  {
    target: 'server/**/*.routes.ts',
    from: 'server/**/*.repository.ts',
    message: 'Routes call a service, never a repository: let the service module build its repository.',
  },
  {
    // Drizzle's tables (and so db.insert/update/delete on them) belong to the repositories.
    target: ['server/*.ts', 'server/routes/**', 'server/features/**/!(*.repository).ts'],
    from: 'server/db/schema.ts',
    message: 'Only *.repository.ts reads or writes the tables: move the query into a repository.',
  },
];

/** Drizzle belongs to the repositories, the database layer and the shared server pieces (the queue, ...). */
const NO_DRIZZLE = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only *.repository.ts, server/db and server/lib touch Drizzle: move the query into a repository.',
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
  // what two features share moves down into components/ or lib/ (bulletproof-react's rule). The boundaries
  // themselves are the resolved-path zones above; these patterns only keep the spelling by alias.
  {
    files: ['client/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
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
  },
  {
    // Customer-facing components speak the customer's language (issue 45): every word comes from
    // shared/locales/<language>/review-page.json through `t`, none is written into the markup.
    files: [
      'client/src/components/review-form/**/*.tsx',
      'client/src/features/public-review/components/**/*.tsx',
    ],
    ignores: ['**/__tests__/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[A-Za-z]/]',
          message: "Customer-facing words come from shared/locales through t('…'), not from the markup.",
        },
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|placeholder|title|alt)$/] > Literal[value=/[A-Za-z]/]',
          message: "Customer-facing words come from shared/locales through t('…'), not from the markup.",
        },
        {
          selector:
            'JSXElement > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]{2}/]',
          message: "Customer-facing words come from shared/locales through t('…'), not from the markup.",
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
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    // Tests arrange rows and call internals of any feature on purpose; the zones bind the product's code.
    files: ['server/**/__tests__/**', 'server/testing/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  prettier,
);
