import type {
  BillingErrorCode,
  ContentErrorCode,
  ConversationsErrorCode,
  DomainsErrorCode,
  IdentityErrorCode,
  NotificationsErrorCode,
} from '@parley/contracts';

/** Every code a context's service may answer with (each context's union, in contracts). */
export type ContextErrorCode =
  | ConversationsErrorCode
  | IdentityErrorCode
  | BillingErrorCode
  | DomainsErrorCode
  | ContentErrorCode
  | NotificationsErrorCode;

/** The gateway's own refusal codes that a code table below names (docs/api.md lists them all). */
export type GatewayErrorCode = 'MAINTENANCE' | 'UNSUPPORTED_ENCODING' | 'IDEMPOTENCY_KEY_REUSED';

export type ErrorCode = ContextErrorCode | GatewayErrorCode;

/** Something per error code, for some of them; a misspelt or unknown code does not compile. */
export type CodeTable<V> = { readonly [C in ErrorCode]?: V };

/** The table's value for a code read off the wire (any string); only its own entries count. */
export const valueOfCode = <V>(table: CodeTable<V>, code: string): V | undefined =>
  Object.hasOwn(table, code) ? (table as Readonly<Record<string, V>>)[code] : undefined;
