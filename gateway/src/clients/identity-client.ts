import { callUnary, createClient, loadService, type Caller } from '@parley/grpc';
import { metadataOf, type CallContext } from './call-context';
import type {
  AcceptTeamInviteRequest,
  AuthenticatedApiKey,
  ProtoApiKey,
  ChangePasswordRequest,
  CompleteOnboardingRequest,
  LoginRequest,
  ProtoSession,
  ProtoUser,
  RefreshRequest,
  SignupTicket,
  StartSignupRequest,
  ProtoTeamMember,
  SystemSettings,
  TeamInviteDetails,
  TeamItemRequest,
  UpdateSystemSettingsRequest,
  VerifySignupCodeRequest,
  VerifySignupCodeResponse,
} from './identity-types';

/** The identity service's RPCs, typed, each with the gateway's deadline. Rejections are AppErrors. */
export interface IdentityClient {
  startSignup(request: StartSignupRequest, context?: CallContext): Promise<SignupTicket>;
  verifySignupCode(
    request: VerifySignupCodeRequest,
    context?: CallContext,
  ): Promise<VerifySignupCodeResponse>;
  resendSignupCode(request: { signupId: string }, context?: CallContext): Promise<SignupTicket>;
  completeOnboarding(request: CompleteOnboardingRequest, context?: CallContext): Promise<ProtoSession>;
  login(request: LoginRequest, context?: CallContext): Promise<ProtoSession>;
  refresh(request: RefreshRequest, context?: CallContext): Promise<ProtoSession>;
  /** `sessionId`: the verified access token's `sid`, ended too (empty when there is none). */
  logout(request: { refreshToken: string; sessionId?: string }, context?: CallContext): Promise<void>;
  getUser(request: { userId: string }, context?: CallContext): Promise<ProtoUser>;
  changeName(request: { userId: string; fullname: string }, context?: CallContext): Promise<ProtoUser>;
  changePassword(request: ChangePasswordRequest, context?: CallContext): Promise<void>;
  getSystemSettings(context?: CallContext): Promise<SystemSettings>;
  updateSystemSettings(request: UpdateSystemSettingsRequest, context?: CallContext): Promise<SystemSettings>;
  listTeam(caller: Caller, context?: CallContext): Promise<ProtoTeamMember[]>;
  inviteTeamMember(
    request: { caller: Caller; email: string },
    context?: CallContext,
  ): Promise<ProtoTeamMember>;
  revokeTeamInvite(request: TeamItemRequest, context?: CallContext): Promise<void>;
  removeTeamMember(request: TeamItemRequest, context?: CallContext): Promise<void>;
  lookupTeamInvite(request: { token: string }, context?: CallContext): Promise<TeamInviteDetails>;
  acceptTeamInvite(request: AcceptTeamInviteRequest, context?: CallContext): Promise<ProtoSession>;
  listApiKeys(caller: Caller, context?: CallContext): Promise<ProtoApiKey[]>;
  createApiKey(
    request: { caller: Caller; name: unknown; scopes: unknown },
    context?: CallContext,
  ): Promise<ProtoApiKey>;
  revokeApiKey(request: TeamItemRequest, context?: CallContext): Promise<void>;
  authenticateApiKey(request: { key: string }, context?: CallContext): Promise<AuthenticatedApiKey>;
  close(): void;
}

export function createIdentityClient(address: string, deadlineMs: number): IdentityClient {
  const Identity = loadService('identity/v1/identity.proto', 'parley.identity.v1.Identity');
  const client = createClient(Identity, address);
  const call = <Req, Res>(method: string, request: Req, context?: CallContext) =>
    callUnary<Req, Res>(client, method, request, { deadlineMs, metadata: metadataOf(context) });

  return {
    startSignup: (request, context) => call('startSignup', request, context),
    verifySignupCode: (request, context) => call('verifySignupCode', request, context),
    resendSignupCode: (request, context) => call('resendSignupCode', request, context),
    completeOnboarding: (request, context) => call('completeOnboarding', request, context),
    login: (request, context) => call('login', request, context),
    refresh: (request, context) => call('refresh', request, context),
    logout: async (request, context) => {
      await call('logout', request, context);
    },
    getUser: (request, context) => call('getUser', request, context),
    changeName: (request, context) => call('changeName', request, context),
    changePassword: async (request, context) => {
      await call('changePassword', request, context);
    },
    getSystemSettings: (context) => call('getSystemSettings', {}, context),
    updateSystemSettings: (request, context) => call('updateSystemSettings', request, context),
    listTeam: async (caller, context) =>
      (await call<Caller, { members?: ProtoTeamMember[] }>('listTeam', caller, context)).members ?? [],
    inviteTeamMember: (request, context) => call('inviteTeamMember', request, context),
    revokeTeamInvite: async (request, context) => {
      await call('revokeTeamInvite', request, context);
    },
    removeTeamMember: async (request, context) => {
      await call('removeTeamMember', request, context);
    },
    lookupTeamInvite: (request, context) => call('lookupTeamInvite', request, context),
    acceptTeamInvite: (request, context) => call('acceptTeamInvite', request, context),
    listApiKeys: async (caller, context) =>
      (await call<Caller, { keys?: ProtoApiKey[] }>('listApiKeys', caller, context)).keys ?? [],
    createApiKey: (request, context) => call('createApiKey', request, context),
    revokeApiKey: async (request, context) => {
      await call('revokeApiKey', request, context);
    },
    authenticateApiKey: (request, context) => call('authenticateApiKey', request, context),
    close: () => client.close(),
  };
}
