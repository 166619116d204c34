'use client';

import { ReloadOutlined } from '@/components/public-icons';
import { useEffect, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/Button';
import { api, refreshSession } from '@/lib/api/client';
import { meResponseSchema } from '@/lib/api/types';
import { ADMIN_SIGN_IN_PARAM, PATHS } from '@/lib/routing/paths';
import { SESSION_HINT_COOKIE } from '@/lib/session/cookies';

/**
 * "Check again" reloads (the proxy sends everyone home once maintenance is over). An admin whose
 * access token merely expired gets it renewed here and is offered the way back in.
 */
export function MaintenanceActions() {
  const [admin, setAdmin] = useState(false);

  useEffect(() => {
    if (!document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`)) return;
    let cancelled = false;
    (async () => {
      if (!(await refreshSession())) return;
      try {
        const me = await api('/user/me', { schema: meResponseSchema });
        if (!cancelled && me.user.role === 'ADMIN') setAdmin(true);
      } catch {
        // not an admin (the API answers 503 during maintenance): stay here
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <>
      <Button
        variant="primary"
        size="large"
        icon={<ReloadOutlined />}
        onClick={() => window.location.assign(PATHS.home)}
      >
        Check again
      </Button>
      {admin ? (
        <ButtonLink href={PATHS.adminOverview} size="large">
          Continue as administrator
        </ButtonLink>
      ) : (
        <ButtonLink href={`${PATHS.signIn}?${ADMIN_SIGN_IN_PARAM}=1`} size="large">
          Administrator sign-in
        </ButtonLink>
      )}
    </>
  );
}
