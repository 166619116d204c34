import path from 'node:path';
import type { NextConfig } from 'next';
import { STATIC_SECURITY_HEADERS, STATIC_SECURITY_HEADERS_SOURCE } from './src/lib/security/static-headers';

const repoRoot = path.join(__dirname, '..');

// Everything that depends on the environment (GATEWAY_URL, contact addresses) is read at run
// time by server code, never here: one build serves dev, the test stack and production.
const nextConfig: NextConfig = {
  output: 'standalone',
  transpilePackages: ['@parley/contracts', '@parley/chat-display'],
  // The workspace's dependencies are hoisted to the repository root.
  outputFileTracingRoot: repoRoot,
  turbopack: { root: repoRoot },
  reactStrictMode: true,
  poweredByHeader: false,
  // Pages also get a Content-Security-Policy with a nonce from src/proxy.ts.
  headers: async () => [{ source: STATIC_SECURITY_HEADERS_SOURCE, headers: [...STATIC_SECURITY_HEADERS] }],
};

export default nextConfig;
