import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
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
  {
    // The rules of hooks, and effects and callbacks that list what they read: a missing dependency
    // is a stale closure, found by the linter rather than by a user. The plugin's React Compiler
    // rules (refs read in render, setState in an effect, ...) are left off: the project does not
    // use the compiler, and what they flag here are deliberate patterns (a ref holding the latest
    // props for event handlers, loading when an id changes) whose rewrite would change timing.
    files: ['frontend/src/**/*.{ts,tsx}', 'widget/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Type-aware rules for the back end: a promise nobody awaits or catches loses its error (an
    // unhandled rejection ends a Node program), and one passed where a callback's result is ignored
    // (an event handler, a timer) does the same.
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'packages/*/src/**/*.ts', 'tools/*/src/**/*.ts'],
    ignores: ['packages/chat-display/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // A service raises its refusals through its context's factory (identityError, ...), whose code
    // must be one of the context's union (docs/conventions.md, Errors); `new AppError` takes any string.
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/*/src/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppError']",
          message: "Raise the context's refusal through its factory (e.g. identityError), not new AppError.",
        },
      ],
    },
  },
);
