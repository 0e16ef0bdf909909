import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'streams/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The web app must never reach into the server, and the wire contract depends on nothing of ours.
    // The protocol barrel carries the zod schemas; the web app takes values from the module that
    // holds them so zod stays out of the first download (types from the barrel are free).
    files: ['src/**/*.{ts,tsx}', 'streams/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The web app never imports the server.' },
            {
              regex: '(^|/)protocol(/index)?$',
              allowTypeImports: true,
              message: 'Import values from the protocol module that holds them, not the barrel.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/**', '**/streams/**'] }] },
  },
  {
    // Node 20's V8 gives an object that adds a property after a spread ({ ...a, b } or
    // { ...a, ...b }) a hidden class of its own on every call: about a microsecond each, and old
    // garbage for the collector. What every order runs builds such objects field by field
    // (docs/spot-performance.md, twentieth session).
    files: [
      'server/spot/**/*.ts',
      'server/domain/spot/**/*.ts',
      'server/domain/ledger/**/*.ts',
      'server/db/prepared.ts',
      'server/db/walFlush.ts',
      'server/db/repos/{spot,ledger,balanceCache,sessionCache,sessions}.ts',
      'server/http/{app,auth,route,envelope,rateLimits,validate}.ts',
      'server/http/routes/spot.ts',
    ],
    ignores: ['server/spot/config.ts', 'server/spot/settings.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement ~ *',
          message:
            'On the order path, build the object field by field: a property after a spread makes a new hidden class on every call in Node 20.',
        },
      ],
    },
  },
);
