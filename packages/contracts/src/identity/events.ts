import { z } from 'zod';

/**
 * Identity's public events: what other services may consume. Stream IDENTITY, subjects
 * identity.<aggregate>.<id>. Internal-only fields (password hashes, code hashes) are not part of
 * these schemas: consumers must not depend on them. Identity also records events not listed here
 * (code attempts, email claims, session rotations); those are its own bookkeeping.
 */
export const IDENTITY_STREAM = 'IDENTITY';

export const IdentityEvent = {
  SignupStarted: 'identity.SignupStarted',
  SignupCodeIssued: 'identity.SignupCodeIssued',
  SignupVerified: 'identity.SignupVerified',
  UserRegistered: 'identity.UserRegistered',
  UserRenamed: 'identity.UserRenamed',
  UserPasswordChanged: 'identity.UserPasswordChanged',
  SessionRevoked: 'identity.SessionRevoked',
  SystemSettingsUpdated: 'identity.SystemSettingsUpdated',
  TeamInviteIssued: 'identity.TeamInviteIssued',
  TeamInviteRevoked: 'identity.TeamInviteRevoked',
  TeamInviteAccepted: 'identity.TeamInviteAccepted',
  TeamMemberRemoved: 'identity.TeamMemberRemoved',
  ApiKeyCreated: 'identity.ApiKeyCreated',
  ApiKeyRevoked: 'identity.ApiKeyRevoked',
} as const;

const planId = z.enum(['STANDARD', 'PRO']);
const role = z.enum(['OWNER', 'AGENT', 'ADMIN']);

/** Subject identity.signup.<signupId>. */
export const signupStartedSchema = z.object({
  signupId: z.string(),
  email: z.string(),
  fullname: z.string(),
  selectedPlan: planId,
  startedAt: z.string(),
});
export type SignupStarted = z.infer<typeof signupStartedSchema>;

/**
 * Carries the code sealed (see sealing.ts) for the mailer; the identity read model keeps only a
 * hash. Issued on sign-up (sendNumber 1) and on every resend; the newest code replaces the others.
 */
export const signupCodeIssuedSchema = z.object({
  signupId: z.string(),
  email: z.string(),
  fullname: z.string(),
  sealedCode: z.string(),
  expiresAt: z.string(),
});
export type SignupCodeIssued = z.infer<typeof signupCodeIssuedSchema>;

export const signupVerifiedSchema = z.object({
  signupId: z.string(),
  email: z.string(),
  verifiedAt: z.string(),
});
export type SignupVerified = z.infer<typeof signupVerifiedSchema>;

/** Subject identity.user.<userId>. accountId is the owner's id (equals userId for OWNER and ADMIN). */
export const userRegisteredSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullname: z.string(),
  role,
  plan: planId,
  registeredAt: z.string(),
  accountId: z.string(),
  /** The plan picked at sign-up; plan stays STANDARD until a payment moves it. */
  selectedPlan: planId,
});
export type UserRegistered = z.infer<typeof userRegisteredSchema>;

export const userRenamedSchema = z.object({
  userId: z.string(),
  fullname: z.string(),
  renamedAt: z.string(),
});
export type UserRenamed = z.infer<typeof userRenamedSchema>;

export const userPasswordChangedSchema = z.object({
  userId: z.string(),
  changedAt: z.string(),
});
export type UserPasswordChanged = z.infer<typeof userPasswordChangedSchema>;

/** Subject identity.session.<sessionId>. Access tokens carry the session id as the `sid` claim. */
export const sessionRevokedSchema = z.object({
  sessionId: z.string(),
  userId: z.string(),
  reason: z.enum(['logout', 'reuse', 'password_changed', 'member_removed']),
  revokedAt: z.string(),
});
export type SessionRevoked = z.infer<typeof sessionRevokedSchema>;

/** Subject identity.settings.system. A full snapshot after each change. */
export const systemSettingsUpdatedSchema = z.object({
  loginEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
  maintenanceMode: z.boolean(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type SystemSettingsUpdated = z.infer<typeof systemSettingsUpdatedSchema>;

/**
 * Subject identity.invite.<inviteId> (one invite per account and address). Issued on invite and on
 * every re-send; the newest token replaces the others. The token travels sealed (see sealing.ts)
 * for the mailer, which builds the link `${PUBLIC_APP_URL}/auth/accept-invite?token=...`; identity
 * keeps only an HMAC of it.
 */
export const teamInviteIssuedSchema = z.object({
  inviteId: z.string(),
  accountId: z.string(),
  email: z.string(),
  invitedBy: z.string(),
  /** The inviting owner's name, as the mail and the accept page show it. */
  inviterName: z.string(),
  sealedToken: z.string(),
  expiresAt: z.string(),
  issuedAt: z.string(),
});
export type TeamInviteIssued = z.infer<typeof teamInviteIssuedSchema>;

export const teamInviteRevokedSchema = z.object({
  inviteId: z.string(),
  accountId: z.string(),
  email: z.string(),
  revokedAt: z.string(),
});
export type TeamInviteRevoked = z.infer<typeof teamInviteRevokedSchema>;

/** The invited address became an AGENT of the account (a UserRegistered follows on the user). */
export const teamInviteAcceptedSchema = z.object({
  inviteId: z.string(),
  accountId: z.string(),
  email: z.string(),
  userId: z.string(),
  acceptedAt: z.string(),
});
export type TeamInviteAccepted = z.infer<typeof teamInviteAcceptedSchema>;

/**
 * Subject identity.user.<userId>: the owner removed an AGENT from the account. The member can no
 * longer sign in and their sessions are revoked; conversations unshares their rooms.
 */
export const teamMemberRemovedSchema = z.object({
  accountId: z.string(),
  userId: z.string(),
  removedAt: z.string(),
});
export type TeamMemberRemoved = z.infer<typeof teamMemberRemovedSchema>;

/**
 * Subject identity.apikey.<keyId>: the owner created a public API key (issue 17). The key itself
 * is shown once and never recorded; identity keeps an HMAC of it (not part of this schema).
 */
export const apiKeyCreatedSchema = z.object({
  keyId: z.string(),
  accountId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  /** The key's first characters (`pk_` and 8 more), for telling keys apart in lists. */
  prefix: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyRevokedSchema = z.object({
  keyId: z.string(),
  accountId: z.string(),
  revokedBy: z.string(),
  revokedAt: z.string(),
});
export type ApiKeyRevoked = z.infer<typeof apiKeyRevokedSchema>;
