import { AppError, isAppError } from '@parley/contracts';
import {
  loginSchema,
  onboardingSchema,
  signupCodeSchema,
  signupDetailsSchema,
} from '@parley/contracts/validation';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { callerOf } from '../../auth/caller';
import { REFRESH_COOKIE } from '../../auth/cookies';
import { UNAUTHENTICATED_MESSAGE } from '../../auth/token-verifier';
import type { ProtoSession } from '../../clients/identity-types';
import type { RouteDeps } from '../deps';
import { callContext, clientInfo, clientKey, deviceCookieOf } from '../request-facts';
import { clearSessionCookies, refreshRefusalEndsSession, replyWithSession } from '../session-reply';
import { loginDisabledError, registrationGuard } from '../system-settings-guards';
import { withBody } from '../validation';
import { signupTicketView } from '../views';

const signupIdSchema = z.object({ signupId: z.uuid({ error: 'Invalid sign-up id' }) });
const refreshBodySchema = z.object({ refreshToken: z.string().min(1).max(2048).optional() });

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,100}$/;
const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 100 letters, digits, - or _';

/** Optional `Idempotency-Key` header: a retried sign-up then starts one sign-up, not two. */
function idempotencyKey(req: Request): string | undefined {
  const key = req.get('idempotency-key');
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) {
    const fields = [{ field: 'Idempotency-Key', message: IDEMPOTENCY_KEY_MESSAGE }];
    throw new AppError('validation', IDEMPOTENCY_KEY_MESSAGE, fields, 'VALIDATION');
  }
  return key;
}

/** The refresh token from the httpOnly cookie, or from the body for clients without cookies. */
function presentedRefreshToken(req: Request, fromBody: string | undefined): string | undefined {
  const cookie = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  if (typeof cookie === 'string' && cookie.length > 0) return cookie;
  return fromBody;
}

export function authRoutes(deps: RouteDeps): Router {
  const { identity, settings, rateLimits, cookieSecure, logger } = deps;
  const router = Router();
  const signupAllowed = registrationGuard(settings);

  router.post(
    '/signup',
    signupAllowed,
    withBody(signupDetailsSchema, async (input, req, res) => {
      const commandId = idempotencyKey(req);
      await rateLimits.consume('signup', clientKey(req));
      const ticket = await identity.startSignup(
        { ...input, ...(commandId ? { commandId } : {}) },
        callContext(req),
      );
      res.status(201).json(signupTicketView(ticket));
    }),
  );

  router.post(
    '/signup/verify',
    signupAllowed,
    withBody(signupCodeSchema, async (input, req, res) => {
      await rateLimits.consume('verify', input.signupId);
      const answer = await identity.verifySignupCode(input, callContext(req));
      res.json({ signupId: answer.signupId, verified: answer.verified });
    }),
  );

  router.post(
    '/signup/resend',
    signupAllowed,
    withBody(signupIdSchema, async (input, req, res) => {
      await rateLimits.consume('resend', clientKey(req));
      const ticket = await identity.resendSignupCode(input, callContext(req));
      res.json(signupTicketView(ticket));
    }),
  );

  router.post(
    '/signup/complete',
    signupAllowed,
    withBody(onboardingSchema, async (input, req, res) => {
      await rateLimits.consume('complete', clientKey(req));
      const session = await identity.completeOnboarding(
        { ...input, client: clientInfo(req), deviceToken: deviceCookieOf(req) },
        callContext(req),
      );
      replyWithSession(res, 201, session, cookieSecure);
    }),
  );

  router.post(
    '/login',
    withBody(loginSchema, async (input, req, res) => {
      const client = clientKey(req);
      await rateLimits.consume('login', client);
      // Only failed attempts count against the address: a log-in that succeeded was no guess.
      const succeeded = () =>
        rateLimits
          .refund('login', client)
          .catch((error: unknown) => logger.warn({ err: error }, 'could not give back a log-in attempt'));
      const { loginEnabled } = await settings.get();
      const request = { ...input, client: clientInfo(req), deviceToken: deviceCookieOf(req) };
      if (loginEnabled) {
        const session = await identity.login(request, callContext(req));
        await succeeded();
        replyWithSession(res, 200, session, cookieSecure);
        return;
      }
      // Log-in is off for everyone but admins, and only identity can tell whose credentials these are.
      let session: ProtoSession;
      try {
        session = await identity.login(request, callContext(req));
      } catch (error) {
        // Wrong credentials read as "log-in is disabled": the answer reveals nothing about the account.
        if (isAppError(error) && (error.kind === 'rate_limited' || error.kind === 'unavailable')) throw error;
        throw loginDisabledError();
      }
      if (session.user?.role !== 'ADMIN') {
        await identity
          .logout({ refreshToken: session.refreshToken }, callContext(req))
          .catch((error: unknown) =>
            logger.warn({ err: error }, 'could not revoke a session issued while log-in is disabled'),
          );
        throw loginDisabledError();
      }
      await succeeded();
      replyWithSession(res, 200, session, cookieSecure);
    }),
  );

  router.post(
    '/refresh',
    withBody(refreshBodySchema, async (input, req, res) => {
      await rateLimits.consume('refresh', clientKey(req));
      const refreshToken = presentedRefreshToken(req, input.refreshToken);
      if (!refreshToken) throw new AppError('unauthenticated', UNAUTHENTICATED_MESSAGE);
      let session: ProtoSession;
      try {
        session = await identity.refresh({ refreshToken, client: clientInfo(req) }, callContext(req));
      } catch (error) {
        // A dead refresh token: stop the browser sending it.
        if (refreshRefusalEndsSession(error)) clearSessionCookies(res, cookieSecure);
        throw error;
      }
      replyWithSession(res, 200, session, cookieSecure);
    }),
  );

  router.post(
    '/logout',
    withBody(refreshBodySchema, async (input, req, res) => {
      // Cookies go first: even if identity can't be reached, this browser is logged out.
      clearSessionCookies(res, cookieSecure);
      const refreshToken = presentedRefreshToken(req, input.refreshToken) ?? '';
      // The session of a verified access token ends too: a client may hold only that one.
      const sessionId = callerOf(res).principal?.sessionId ?? '';
      if (refreshToken || sessionId) {
        try {
          await identity.logout({ refreshToken, sessionId }, callContext(req));
        } catch (error) {
          // An already dead token is already logged out; anything else (identity down) is reported.
          if (!(isAppError(error) && (error.kind === 'unauthenticated' || error.kind === 'not_found')))
            throw error;
        }
      }
      res.status(204).end();
    }),
  );

  return router;
}
