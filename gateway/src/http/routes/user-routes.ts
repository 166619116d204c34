import { changeNameSchema, changePasswordSchema } from '@parley/contracts/validation';
import { Router } from 'express';
import { principalOf } from '../../auth/caller';
import { requireAuth } from '../../auth/guards';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { withBody } from '../validation';
import { userView } from '../views';

/** The signed-in user's own profile. Every call acts on the token's subject, never on an id from the request. */
export function userRoutes({ identity }: Pick<RouteDeps, 'identity'>): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/me', async (req, res) => {
    const { userId } = principalOf(res);
    const user = userView(await identity.getUser({ userId }, callContext(req)));
    res.json({ success: true, user, id: user.id });
  });

  router.patch(
    '/me',
    withBody(changeNameSchema, async (input, req, res) => {
      const { userId } = principalOf(res);
      const user = await identity.changeName({ userId, fullname: input.fullname }, callContext(req));
      res.json({ success: true, user: userView(user) });
    }),
  );

  router.post(
    '/me/password',
    withBody(changePasswordSchema, async (input, req, res) => {
      const { userId, sessionId } = principalOf(res);
      await identity.changePassword({ userId, ...input, sessionId: sessionId ?? '' }, callContext(req));
      res.status(204).end();
    }),
  );

  return router;
}
