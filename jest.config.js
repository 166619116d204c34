// Three tiers, chosen by file suffix: unit (pure, fast), int (real PostgreSQL/Redis/NATS),
// e2e (the running product, driven over HTTP and in Chromium).
// scripts/*.mjs (the local runner) is ESM for plain `node`; its tests load it compiled to CommonJS.
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest'], '^.+\\.mjs$': ['@swc/jest'] };
const { existsSync } = require('node:fs');
const roots = [
  '<rootDir>/packages',
  '<rootDir>/services',
  '<rootDir>/gateway',
  '<rootDir>/tools',
  '<rootDir>/e2e',
  '<rootDir>/faults',
  '<rootDir>/frontend/src',
  '<rootDir>/widget',
  '<rootDir>/scripts',
  '<rootDir>/deploy',
  '<rootDir>/k8s',
].filter((r) => existsSync(r.replace('<rootDir>', __dirname)));
const common = {
  transform,
  roots,
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/frontend/.next/'],
  // The frontend's own import alias (frontend/tsconfig.json paths).
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/frontend/src/$1' },
  // jose v6 ships ESM only; let swc turn it into CommonJS like our own sources. The OTLP
  // exporter loads node:http with import(), which jest's CommonJS sandbox refuses; swc makes it a
  // require.
  transformIgnorePatterns: ['/node_modules/(?!(jose|@opentelemetry/otlp-exporter-base)/)'],
};
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.unit.spec.ts', '**/*.unit.spec.tsx'] },
    {
      ...common,
      displayName: 'int',
      testMatch: ['**/*.int.spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/jest/int-timeout.js'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['**/*.e2e.spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/jest/e2e-timeout.js'],
      globalSetup: '<rootDir>/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/global-teardown.ts',
    },
  ],
};
