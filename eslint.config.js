import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-fixtures/**',
      '.test-build/**',
      'apps/web/src/api/schema.d.ts',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'before', 'after'] },
          ],
        },
      ],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // The web app's fast tests run in Node beside the browser code they test: type-checked with the web tests'
    // project (Node's types), which the browser code's project must not see.
    files: ['apps/web/src/**/*.test.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: 'apps/web/test/tsconfig.json' },
    },
  },
  {
    // Imports point one way in the recorder: modules/ may use media/ and platform/, never the reverse.
    files: ['apps/recorder/src/media/**/*.ts', 'apps/recorder/src/platform/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'media/ and platform/ never import modules/.' }] },
      ],
    },
  },
  {
    // A module uses another through its service, never its repository — not even for a type: the rows services
    // hand out are named from platform/db/schema.ts.
    files: ['apps/recorder/src/modules/**/*.ts'],
    ignores: ['apps/recorder/src/modules/cloud/cloud.ts'], // the cloud family's composition root
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // (the cloud family's members sit one folder deeper: modules/cloud/<member>/)
              group: ['../*/*.repository.js', '../../*/*.repository.js', '**/modules/*/*.repository.js'],
              message:
                "Use the other module's service, not its repository (row types: platform/db/schema.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    extends: [reactHooks.configs.flat['recommended-latest']],
  },
  {
    // Tests read JSON bodies of whatever shape the API sent; asserting on them is the point.
    files: ['**/test/**/*.ts', '**/bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        setInterval: 'readonly',
      },
    },
  },
  prettier,
);
