import { z } from 'zod';

/** What a public API key may do; a route of /api/v1 names the one scope it needs. */
export const API_KEY_SCOPES = [
  'contacts:read',
  'conversations:read',
  'conversations:write',
  'products:read',
  'products:write',
  'articles:read',
  'articles:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_MESSAGES = {
  nameRequired: 'Please give the key a name',
  nameTooLong: 'The name can be at most 60 characters',
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: 'Unknown scope',
  notFound: 'API key not found',
  tooMany: 'An account can have at most 20 active API keys. Revoke one first.',
  /** The plan's message: STANDARD accounts are refused the API with it. */
  planRequired: 'API access is part of the Pro plan. Upgrade to Pro to use the API.',
  invalidKey: 'Invalid or revoked API key',
  missingScope: (scope: string) => `This API key does not have the ${scope} scope`,
} as const;

/** Active keys an account may hold at once. */
export const MAX_ACTIVE_API_KEYS = 20;

/** The dashboard's "Create API key" form. */
export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.nameRequired })
    .max(60, { error: API_KEY_MESSAGES.nameTooLong }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopeUnknown }), {
      error: API_KEY_MESSAGES.scopesRequired,
    })
    .min(1, { error: API_KEY_MESSAGES.scopesRequired })
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateSchema>;
