import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Node's and the browser's globals that the code uses. TypeScript checks names in .ts files, so
// no-undef matters for plain .js/.mjs files (scripts/, deploy/), which these cover.
const nodeGlobals = [
  'process',
  'console',
  'Buffer',
  '__dirname',
  '__filename',
  'require',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'queueMicrotask',
  'structuredClone',
  'URL',
  'URLSearchParams',
  'fetch',
  'Response',
  'Request',
  'Headers',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'performance',
  'globalThis',
];
const browserGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.next/**',
      'frontend/next-env.d.ts',
      '.run/**',
      'coverage/**',
      'test-results/**',
      // scripts/gen-proto-types.mjs writes it from proto/.
      'packages/grpc/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // jest's setup files (jest/*.js) run with jest's globals.
    files: ['jest/**/*.js'],
    languageOptions: { globals: { jest: 'readonly', expect: 'readonly' } },
  },
  {
    languageOptions: {
      globals: {
        ...Object.fromEntries(nodeGlobals.map((g) => [g, 'readonly'])),
        ...Object.fromEntries(browserGlobals.map((g) => [g, 'readonly'])),
        module: 'writable',
        exports: 'writable',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
