import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  {
    // A feature never imports another feature: shared pieces move down into components/ or lib/.
    files: ['client/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/app/*'], message: 'Features must not import the app layer.' }] },
      ],
    },
  },
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
  prettier,
);
