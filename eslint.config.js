import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'data/',
      '.react-router/',
      'test-results/',
      'playwright-report/',
      'server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
    },
  },
  {
    // Zod must be configured before any schema is built (domain/schemas/zod.ts says why).
    files: ['domain/**/*.ts', 'app/**/*.{ts,tsx}', 'server/**/*.ts', 'contracts/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['domain/schemas/zod.ts', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: "Import { z } from 'domain/schemas/zod.ts', where Zod is configured.",
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['zod/*'],
              message: "Import { z } from 'domain/schemas/zod.ts', where Zod is configured.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Small modules with one job (docs/ARCHITECTURE.md): a function that outgrows a screen is split by what it
    // does, a file that outgrows 400 lines by the groups it serves. Tests may read as long tables of cases.
    files: ['domain/**/*.ts', 'app/**/*.{ts,tsx}', 'server/**/*.ts', 'contracts/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', '**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'off' },
  },
);
