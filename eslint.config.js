// One lint configuration for every workspace. Besides the recommended sets it enforces the
// import direction of STYLE.md: shared → features → app, and no feature reaching into another.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The console runs in a browser: no process.env outside the build config and node-side tests.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'The console reads configuration from import.meta.env only.',
        },
      ],
    },
  },
  // A feature may not import another feature; shared pieces move to components/ or lib/. A
  // relative path leaves the feature when it climbs above the feature's folder, which takes one
  // more '../' for each folder a file is nested in (components/tabs/ may reach ../../api/).
  ...['', '*/', '*/*/'].map((nested, depth) => ({
    files: [`apps/web/src/features/*/${nested}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*/**', `${'../'.repeat(depth + 1)}*/**`],
              message: 'No cross-feature imports: move shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  {
    // The shared package runs in the browser too: no Node modules outside its tests.
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'packages/shared runs in the browser as well.' }] },
      ],
    },
  },
  {
    // Every string of a shared contract goes through text() (schemas/text.ts), which refuses NUL
    // bytes and lone surrogates; a bare z.string() would let them reach the store.
    files: ['packages/shared/src/schemas/**/*.ts'],
    ignores: ['packages/shared/src/schemas/text.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Use text() from schemas/text.ts: it refuses NUL bytes and lone surrogates.',
        },
      ],
    },
  },
  {
    // Only env.ts reads the environment (STYLE.md habit 6).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/env.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through env.ts.',
        },
      ],
    },
  },
);
