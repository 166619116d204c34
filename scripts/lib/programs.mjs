// The programs the local runner builds and starts, in start order. Node programs are bundled with
// scripts/bundle.mjs into <dir>/dist/main.js; the frontend is a Next.js standalone build.
export const nodePrograms = [
  { name: 'mailcatcher', dir: 'tools/mailcatcher' },
  // The local Stripe-compatible server; not started when real Stripe keys are given (dev only).
  { name: 'stripe', dir: 'tools/stripe-local' },
  { name: 'identity', dir: 'services/identity' },
  { name: 'notifications', dir: 'services/notifications' },
  { name: 'billing', dir: 'services/billing' },
  { name: 'domains', dir: 'services/domains' },
  { name: 'content', dir: 'services/content' },
  { name: 'conversations', dir: 'services/conversations' },
  { name: 'assistant', dir: 'services/assistant' },
  { name: 'gateway', dir: 'gateway' },
];

export const frontendProgram = { name: 'frontend', dir: 'frontend' };

/** Services that own a PostgreSQL database (parley_<name>, or parley_e2e_<name> in tests). */
export const servicesWithDatabase = [
  'identity',
  'notifications',
  'billing',
  'domains',
  'content',
  'conversations',
  'assistant',
];
