/**
 * proto/identity/v1/identity.proto as the gateway uses it, under the gateway's names: answers as
 * @grpc/proto-loader hands them over (`__Output`: camelCase, int64 as number, defaults filled in),
 * requests as it takes them. Generated from proto/ (scripts/gen-proto-types.mjs).
 */
export type {
  AcceptTeamInviteRequest,
  ApiKey__Output as ProtoApiKey,
  AuthenticatedApiKey__Output as AuthenticatedApiKey,
  AuthenticateApiKeyRequest,
  CreateApiKeyRequest,
  ChangePasswordRequest,
  ClientInfo,
  CompleteOnboardingRequest,
  LoginRequest,
  RefreshRequest,
  Session__Output as ProtoSession,
  StartSignupRequest,
  StartSignupResponse__Output as SignupTicket,
  SystemSettings__Output as SystemSettings,
  TeamInviteDetails__Output as TeamInviteDetails,
  TeamItemRequest,
  TeamMember__Output as ProtoTeamMember,
  UpdateSystemSettingsRequest,
  User__Output as ProtoUser,
  VerifySignupCodeRequest,
  VerifySignupCodeResponse__Output as VerifySignupCodeResponse,
} from '@parley/grpc/generated/parley/identity/v1';
