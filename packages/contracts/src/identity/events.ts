import { z } from 'zod';

/**
 * Identity's public events: what other services may consume. Stream IDENTITY, subjects
 * identity.<aggregate>.<id>. Internal-only fields (password hashes) are not part of these
 * schemas: consumers must not depend on them.
 */
export const IDENTITY_STREAM = 'IDENTITY';

export const IdentityEvent = {
  SignupStarted: 'identity.SignupStarted',
  SignupCodeIssued: 'identity.SignupCodeIssued',
  SignupVerified: 'identity.SignupVerified',
  UserRegistered: 'identity.UserRegistered',
} as const;

/** Carries the code sealed (see sealing.ts) for the mailer; the identity read model keeps only a hash. */
export const signupCodeIssuedSchema = z.object({
  signupId: z.string(),
  email: z.string(),
  fullname: z.string(),
  sealedCode: z.string(),
  expiresAt: z.string(),
});
export type SignupCodeIssued = z.infer<typeof signupCodeIssuedSchema>;

export const userRegisteredSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullname: z.string(),
  role: z.enum(['OWNER', 'AGENT', 'ADMIN']),
  plan: z.enum(['STANDARD', 'PRO']),
  registeredAt: z.string(),
});
export type UserRegistered = z.infer<typeof userRegisteredSchema>;
