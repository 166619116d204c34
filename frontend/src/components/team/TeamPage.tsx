'use client';

import { Alert } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { PRESENCE_CHECK_MS } from '@parley/contracts';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { useSession } from '@/components/dashboard/SessionProvider';
import { errorSentence } from '@/lib/api/errors';
import { fetchTeam, type TeamMember } from './api';
import { InviteForm } from './InviteForm';
import { TeamList } from './TeamList';
import styles from './Team.module.css';

/**
 * The team page: the owner invites, revokes and removes; agents see the same list read-only.
 * Presence is re-checked every 60 s (the list is fetched again and the clock moves on).
 */
export function TeamPage() {
  const { user } = useSession();
  const isOwner = user.role === 'OWNER';
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const answer = await fetchTeam(signal);
      setMembers(answer.data);
      setError(null);
      setNow(Date.now());
    } catch (e) {
      if (signal?.aborted) return;
      setError(errorSentence(e));
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const timer = window.setInterval(() => void load(controller.signal), PRESENCE_CHECK_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [load]);

  return (
    <>
      <PageTitle
        title="Team"
        description="The people who answer chats alongside your assistant. Members show as active for 5 minutes after their last activity."
      />
      <div className={styles.stack}>
        {isOwner ? (
          <InviteForm onInvited={() => void load()} />
        ) : (
          <Alert
            type="info"
            showIcon
            title="Only the account owner can invite or remove team members."
            data-testid="team-read-only"
          />
        )}
        <TeamList
          members={members}
          error={error}
          now={now}
          canManage={isOwner}
          onChanged={() => void load()}
          onRetry={() => void load()}
        />
      </div>
    </>
  );
}
