import { loadService, rpcClient, type Caller, type CallerTokenSigner } from '@parley/grpc';
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
    request: { caller: Caller; name: string; scopes: string[] },
    context?: CallContext,
  ): Promise<ProtoApiKey>;
  revokeApiKey(request: TeamItemRequest, context?: CallContext): Promise<void>;
  authenticateApiKey(request: { key: string }, context?: CallContext): Promise<AuthenticatedApiKey>;
  close(): void;
}

export function createIdentityClient(
  address: string,
  deadlineMs: number,
  callerToken?: CallerTokenSigner,
): IdentityClient {
  const Identity = loadService('identity/v1/identity.proto', 'parley.identity.v1.Identity');
  const rpc = rpcClient(Identity, address, { deadlineMs, callerToken });
  const call = (context?: CallContext) => ({ metadata: metadataOf(context) });

  return {
    startSignup: (request, context) => rpc.startSignup(request, call(context)),
    verifySignupCode: (request, context) => rpc.verifySignupCode(request, call(context)),
    resendSignupCode: (request, context) => rpc.resendSignupCode(request, call(context)),
    completeOnboarding: (request, context) => rpc.completeOnboarding(request, call(context)),
    login: (request, context) => rpc.login(request, call(context)),
    refresh: (request, context) => rpc.refresh(request, call(context)),
    logout: async (request, context) => {
      await rpc.logout(request, call(context));
    },
    getUser: (request, context) => rpc.getUser(request, call(context)),
    changeName: (request, context) => rpc.changeName(request, call(context)),
    changePassword: async (request, context) => {
      await rpc.changePassword(request, call(context));
    },
    getSystemSettings: (context) => rpc.getSystemSettings({}, call(context)),
    updateSystemSettings: (request, context) => rpc.updateSystemSettings(request, call(context)),
    listTeam: async (caller, context) => (await rpc.listTeam(caller, call(context))).members,
    inviteTeamMember: (request, context) => rpc.inviteTeamMember(request, call(context)),
    revokeTeamInvite: async (request, context) => {
      await rpc.revokeTeamInvite(request, call(context));
    },
    removeTeamMember: async (request, context) => {
      await rpc.removeTeamMember(request, call(context));
    },
    lookupTeamInvite: (request, context) => rpc.lookupTeamInvite(request, call(context)),
    acceptTeamInvite: (request, context) => rpc.acceptTeamInvite(request, call(context)),
    listApiKeys: async (caller, context) => (await rpc.listApiKeys(caller, call(context))).keys,
    createApiKey: (request, context) => rpc.createApiKey(request, call(context)),
    revokeApiKey: async (request, context) => {
      await rpc.revokeApiKey(request, call(context));
    },
    authenticateApiKey: (request, context) => rpc.authenticateApiKey(request, call(context)),
    close: () => rpc.close(),
  };
}
