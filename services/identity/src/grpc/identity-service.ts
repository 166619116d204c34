import { identityError } from '@parley/contracts';
import { callerFrom, unary, type ServiceHandlers } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import type { IdentityDeps } from '../app/deps';
import { changeName } from '../app/profile/change-name';
import { changePassword } from '../app/profile/change-password';
import { getUser } from '../app/profile/get-user';
import { login } from '../app/sessions/login';
import { logout } from '../app/sessions/logout';
import { refresh } from '../app/sessions/refresh';
import { getSystemSettings } from '../app/settings/get-settings';
import { updateSystemSettings } from '../app/settings/update-settings';
import { completeOnboarding } from '../app/signup/complete-onboarding';
import { resendSignupCode } from '../app/signup/resend-signup-code';
import { startSignup } from '../app/signup/start-signup';
import { verifySignupCode } from '../app/signup/verify-signup-code';
import { authenticateApiKey } from '../app/apikeys/authenticate-api-key';
import { createApiKey } from '../app/apikeys/create-api-key';
import { listApiKeys } from '../app/apikeys/list-api-keys';
import { revokeApiKey } from '../app/apikeys/revoke-api-key';
import { acceptInvite } from '../app/team/accept-invite';
import { inviteMember } from '../app/team/invite-member';
import { listTeam } from '../app/team/list-team';
import { lookupInvite } from '../app/team/lookup-invite';
import { removeMember } from '../app/team/remove-member';
import { revokeInvite } from '../app/team/revoke-invite';
import { clientInfoOf, devicesOf } from './client-info';

const REQUEST_KEY = /^[\x21-\x7e]{1,200}$/;

function requestKeyOf(commandId: string): string | undefined {
  if (!commandId) return undefined;
  if (!REQUEST_KEY.test(commandId)) {
    const message = 'Invalid request id';
    throw identityError('validation', message, 'VALIDATION', [{ field: 'commandId', message }]);
  }
  return commandId;
}

/** proto <-> application mapping for parley.identity.v1.Identity; no decisions are made here. */
export function identityService(
  deps: IdentityDeps,
  logger: Logger,
): ServiceHandlers<'parley.identity.v1.Identity'> {
  const onInternal = (method: string) => (error: unknown) =>
    logger.error({ err: error, method }, 'identity call failed');
  const rpc = <Req, Res>(method: string, handler: (req: Req) => Promise<Res>) =>
    unary<Req, Res>(handler, onInternal(method));

  return {
    StartSignup: rpc('StartSignup', (req) =>
      startSignup(deps, {
        fullname: req.fullname,
        email: req.email,
        confirmEmail: req.confirmEmail,
        password: req.password,
        confirmPassword: req.confirmPassword,
        selectedPlan: req.selectedPlan || undefined,
        requestKey: requestKeyOf(req.commandId),
      }),
    ),
    VerifySignupCode: rpc('VerifySignupCode', (req) =>
      verifySignupCode(deps, { signupId: req.signupId, otp: req.otp }),
    ),
    ResendSignupCode: rpc('ResendSignupCode', (req) => resendSignupCode(deps, { signupId: req.signupId })),
    CompleteOnboarding: rpc('CompleteOnboarding', (req) =>
      completeOnboarding(deps, {
        signupId: req.signupId,
        products: req.products,
        categories: req.categories,
        targetAudience: req.targetAudience,
        client: clientInfoOf(req.client),
        devices: devicesOf(req.deviceToken),
      }),
    ),
    Login: rpc('Login', (req) =>
      login(deps, {
        email: req.email,
        password: req.password,
        client: clientInfoOf(req.client),
        devices: devicesOf(req.deviceToken),
      }),
    ),
    Refresh: rpc('Refresh', (req) =>
      refresh(deps, { refreshToken: req.refreshToken, client: clientInfoOf(req.client) }),
    ),
    Logout: rpc('Logout', async (req) => {
      await logout(deps, { refreshToken: req.refreshToken, sessionId: req.sessionId });
      return {};
    }),
    GetUser: rpc('GetUser', (req) => getUser(deps, { userId: req.userId })),
    ChangeName: rpc('ChangeName', (req) => changeName(deps, { userId: req.userId, fullname: req.fullname })),
    ChangePassword: rpc('ChangePassword', async (req) => {
      await changePassword(deps, {
        userId: req.userId,
        currentPassword: req.currentPassword,
        password: req.password,
        confirmPassword: req.confirmPassword,
        sessionId: req.sessionId,
      });
      return {};
    }),
    GetSystemSettings: rpc('GetSystemSettings', () => getSystemSettings(deps)),
    UpdateSystemSettings: rpc('UpdateSystemSettings', (req) =>
      updateSystemSettings(deps, {
        actorId: req.actorId,
        loginEnabled: req.loginEnabled,
        registrationEnabled: req.registrationEnabled,
        maintenanceMode: req.maintenanceMode,
      }),
    ),
    ListTeam: rpc('ListTeam', async (req) => ({
      members: await listTeam(deps, { caller: callerFrom(req) }),
    })),
    InviteTeamMember: rpc('InviteTeamMember', (req) =>
      inviteMember(deps, { caller: callerFrom(req.caller), email: req.email }),
    ),
    RevokeTeamInvite: rpc('RevokeTeamInvite', async (req) => {
      await revokeInvite(deps, { caller: callerFrom(req.caller), inviteId: req.id });
      return {};
    }),
    RemoveTeamMember: rpc('RemoveTeamMember', async (req) => {
      await removeMember(deps, { caller: callerFrom(req.caller), userId: req.id });
      return {};
    }),
    LookupTeamInvite: rpc('LookupTeamInvite', (req) => lookupInvite(deps, { token: req.token })),
    AcceptTeamInvite: rpc('AcceptTeamInvite', (req) =>
      acceptInvite(deps, {
        token: req.token,
        fullname: req.fullname,
        password: req.password,
        confirmPassword: req.confirmPassword,
        client: clientInfoOf(req.client),
        devices: devicesOf(req.deviceToken),
      }),
    ),
    ListApiKeys: rpc('ListApiKeys', async (req) => ({
      keys: await listApiKeys(deps, { caller: callerFrom(req) }),
    })),
    CreateApiKey: rpc('CreateApiKey', (req) =>
      createApiKey(deps, { caller: callerFrom(req.caller), name: req.name, scopes: req.scopes }),
    ),
    RevokeApiKey: rpc('RevokeApiKey', async (req) => {
      await revokeApiKey(deps, { caller: callerFrom(req.caller), keyId: req.id });
      return {};
    }),
    AuthenticateApiKey: rpc('AuthenticateApiKey', (req) => authenticateApiKey(deps, { key: req.key })),
  };
}
