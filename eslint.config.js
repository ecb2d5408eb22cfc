import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Where the type-checked rules run. */
const typeCheckedFiles = [
  'apps/web/**/*.{ts,tsx}',
  'apps/portal/**/*.{ts,tsx}',
  'packages/contract/**/*.ts',
  'e2e/**/*.ts',
  'scripts/**/*.ts',
  'apps/server/**/*.ts',
];

const featuresDir = 'apps/web/src/features';
const features = readdirSync(path.join(import.meta.dirname, featuresDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', '**/dist-ssr', 'data', 'e2e/artifacts', 'test-results', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Vitest reads a fixture's dependencies from its first parameter, which must be a pattern: `{}`.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    files: typeCheckedFiles,
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/portal/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: {
      // The contract's barrel would bring every schema into the chunk that imports it.
      'no-restricted-imports': [
        'error',
        { name: '@pms/contract', message: 'Import the module, such as @pms/contract/bookings.' },
      ],
    },
  },
  {
    // A feature uses the app's shared code (shared/, ui/, lib/, i18n/, the contract), never another
    // feature: what several features need moves to shared/. Only app/ composes features.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./${featuresDir}/${feature}`,
              from: `./${featuresDir}`,
              except: [`./${feature}`],
              message: 'Features do not import each other: move what both need to apps/web/src/shared/.',
            })),
            {
              target: './apps/web',
              from: './apps/portal',
              message: 'The staff app does not import the guest portal.',
            },
            {
              target: [
                './apps/web/src/shared',
                './apps/web/src/ui',
                './apps/web/src/lib',
                './apps/web/src/i18n',
              ],
              from: `./${featuresDir}`,
              message: 'Shared code does not depend on a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // The guest portal is its own app: what it shares with the staff app lives in the contract.
    files: ['apps/portal/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/portal',
              from: './apps/web',
              message: 'The guest portal does not import the staff app: move what both need to the contract.',
            },
          ],
        },
      ],
    },
  },
);
