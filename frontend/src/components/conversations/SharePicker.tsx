'use client';

import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Popover, Spin } from 'antd';
import Link from 'next/link';
import { useState } from 'react';
import { errorSentence } from '@/lib/api/errors';
import { useToast } from '@/components/toast/useToast';
import { fetchShareMembers, shareRoom, unshareRoom, type Room, type ShareMember } from './api';
import styles from './Conversations.module.css';

/** The owner shares the chat with team members (agents see only the chats shared with them). */
export function SharePicker({
  room,
  selfId,
  onRoom,
}: {
  room: Room;
  selfId: string;
  onRoom(room: Room): void;
}) {
  const [members, setMembers] = useState<ShareMember[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const toast = useToast();

  async function loadTeam() {
    setError(undefined);
    try {
      const body = await fetchShareMembers();
      setMembers(body.data.filter((m) => m.id !== selfId));
    } catch (e) {
      setError(errorSentence(e));
    }
  }

  async function toggle(member: ShareMember, share: boolean) {
    setBusy(member.id);
    try {
      const body = share ? await shareRoom(room.id, member.id) : await unshareRoom(room.id, member.id);
      onRoom(body.data);
    } catch (e) {
      toast.error(share ? 'Failed to share conversation' : 'Failed to stop sharing', errorSentence(e));
    } finally {
      setBusy(undefined);
    }
  }

  const content = (
    <div className={styles.share} data-testid="share-picker">
      {!members && !error && <Spin size="small" />}
      {error && (
        <p className={styles.shareError}>
          {error}{' '}
          <Button size="small" type="link" onClick={() => void loadTeam()}>
            Try again
          </Button>
        </p>
      )}
      {members && members.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              No team members yet. <Link href="/dashboard/team">Invite your team</Link>
            </>
          }
        />
      )}
      {members?.map((m) => (
        <div key={m.id} data-testid="share-member">
          <Checkbox
            checked={room.sharedWith.includes(m.id)}
            disabled={busy === m.id}
            onChange={(e) => void toggle(m, e.target.checked)}
          >
            {m.name}
          </Checkbox>
        </div>
      ))}
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="Share with your team"
      content={content}
      onOpenChange={(open) => open && !members && void loadTeam()}
    >
      <Button icon={<ShareAltOutlined />} data-testid="share-button">
        Share{room.sharedWith.length > 0 ? ` (${room.sharedWith.length})` : ''}
      </Button>
    </Popover>
  );
}
