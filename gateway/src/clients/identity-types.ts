/**
 * proto/identity/v1/identity.proto as the gateway sees it through @grpc/proto-loader
 * (camelCase fields, int64 as number, absent optional fields omitted).
 */
import type { Caller } from '@parley/grpc';

export interface ProtoUser {
  id: string;
  email: string;
  fullname: string;
  role: string;
  plan: string;
  accountId: string;
  createdAt: string;
}

export interface ProtoSession {
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
  user: ProtoUser | null;
  /** The browser's new parley_device cookie value; empty when there is none to set (a refresh). */
  deviceToken: string;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface StartSignupRequest {
  fullname: string;
  email: string;
  confirmEmail: string;
  password: string;
  confirmPassword: string;
  selectedPlan: string;
  commandId?: string;
}

export interface SignupTicket {
  signupId: string;
  email: string;
  codeExpiresAt: number;
  resendAvailableAt: number;
}

export interface VerifySignupCodeRequest {
  signupId: string;
  otp: string;
}

export interface VerifySignupCodeResponse {
  signupId: string;
  verified: boolean;
}

export interface CompleteOnboardingRequest {
  signupId: string;
  products: string;
  categories: string;
  targetAudience: string;
  client: ClientInfo;
  /** The browser's parley_device cookie, if any. */
  deviceToken?: string;
}

export interface LoginRequest {
  email: string;
  password: string;
  client: ClientInfo;
  /** The browser's parley_device cookie, if any: proof of a browser that logged in before. */
  deviceToken?: string;
}

export interface RefreshRequest {
  refreshToken: string;
  client: ClientInfo;
}

export interface ChangePasswordRequest {
  userId: string;
  currentPassword: string;
  password: string;
  confirmPassword: string;
  /** The caller's own session stays signed in; every other session of the user ends. */
  sessionId: string;
}

export interface SystemSettings {
  loginEnabled: boolean;
  registrationEnabled: boolean;
  maintenanceMode: boolean;
}

export interface UpdateSystemSettingsRequest extends Partial<SystemSettings> {
  actorId: string;
}

export interface ProtoTeamMember {
  id: string;
  name: string;
  email: string;
  role: string;
  /** active | invited */
  status: string;
  invitedAt: string;
  /** Empty for an invitation. */
  joinedAt: string;
  /** Empty for a member. */
  expiresAt: string;
}

export interface TeamItemRequest {
  caller: Caller;
  id: string;
}

export interface TeamInviteDetails {
  email: string;
  accountName: string;
}

export interface AcceptTeamInviteRequest {
  token: string;
  fullname: string;
  password: string;
  confirmPassword: string;
  client: ClientInfo;
  /** The browser's parley_device cookie, if any. */
  deviceToken?: string;
}

/** A public API key as identity lists it; `key` is set only in CreateApiKey's answer. */
export interface ProtoApiKey {
  id: string;
  name: string;
  scopes: string[];
  prefix: string;
  createdAt: string;
  lastUsedAt: string;
  revokedAt: string;
  key: string;
}

export interface AuthenticatedApiKey {
  keyId: string;
  accountId: string;
  userId: string;
  scopes: string[];
}
