'use client';

import { Alert, App, Avatar, Button, Card, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { errorSentence } from '@/lib/api/errors';
import { useToast } from '@/components/toast/useToast';
import { inviteMember, removeMember, revokeInvite, type TeamMember } from './api';
import { agoText, inviteExpired, presenceOf } from './presence';
import styles from './Team.module.css';
import { initialsOf } from '@parley/chat-display';

function Presence({ member, now }: { member: TeamMember; now: number }) {
  if (member.status === 'invited') {
    const expired = inviteExpired(member.expiresAt, now);
    return (
      <span className={styles.presence} data-testid="member-presence">
        {expired
          ? 'Invitation expired'
          : `Invited ${agoText(Math.max(0, now - Date.parse(member.invitedAt)))}`}
      </span>
    );
  }
  const presence = presenceOf(member.lastActive, now);
  const active = presence.kind === 'active';
  return (
    <span className={styles.presence} data-testid="member-presence">
      <span className={`${styles.dot} ${active ? styles.dotActive : ''}`} aria-hidden />
      {active ? 'Active now' : presence.kind === 'last-active' ? presence.text : 'Offline'}
    </span>
  );
}

function MemberRow({
  member,
  now,
  canManage,
  onChanged,
}: {
  member: TeamMember;
  now: number;
  canManage: boolean;
  onChanged(): void;
}) {
  const { modal } = App.useApp();
  const toast = useToast();
  const invited = member.status === 'invited';
  const title = invited ? member.email || 'Pending invitation' : member.name;

  async function resend() {
    try {
      await inviteMember(member.email);
      toast.success('Invitation sent', `We emailed a new invitation to ${member.email}.`);
      onChanged();
    } catch (error) {
      toast.error('Failed to send invitation', errorSentence(error));
    }
  }

  async function revoke() {
    try {
      await revokeInvite(member.id);
      toast.success('Invitation revoked', member.email);
      onChanged();
    } catch (error) {
      toast.error('Failed to revoke invitation', errorSentence(error));
    }
  }

  const confirmRemove = () =>
    modal.confirm({
      title: `Remove ${member.name}?`,
      content:
        'They are signed out everywhere, can no longer sign in, and conversations shared with them are unshared.',
      okText: 'Remove member',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await removeMember(member.id);
          toast.success('Member removed', member.name);
          onChanged();
        } catch (error) {
          toast.error('Failed to remove member', errorSentence(error));
        }
      },
    });

  return (
    <li className={styles.row} data-testid="team-row" data-email={member.email} data-status={member.status}>
      <div className={styles.who}>
        <Avatar style={{ background: invited ? undefined : '#4f46e5', flex: 'none' }}>
          {initialsOf(invited ? member.email : member.name)}
        </Avatar>
        <div className={styles.names}>
          <span className={styles.name}>{title}</span>
          {!invited && <span className={styles.email}>{member.email}</span>}
        </div>
      </div>
      <div className={styles.tags}>
        <Tag color={member.role === 'OWNER' ? 'purple' : 'blue'}>
          {member.role === 'OWNER' ? 'Owner' : 'Agent'}
        </Tag>
        <Tag color={invited ? 'gold' : 'green'} data-testid="member-status">
          {invited ? 'Invited' : 'Active'}
        </Tag>
      </div>
      <Presence member={member} now={now} />
      <div className={styles.actions}>
        {canManage && invited && (
          <Button type="text" onClick={() => void resend()}>
            Resend
          </Button>
        )}
        {canManage && invited && (
          <Popconfirm
            title="Revoke this invitation?"
            description="The link in the invitation email stops working."
            okText="Revoke"
            okButtonProps={{ danger: true }}
            cancelText="Cancel"
            onConfirm={revoke}
          >
            <Button danger type="text">
              Revoke
            </Button>
          </Popconfirm>
        )}
        {canManage && !invited && member.role === 'AGENT' && (
          <Button danger type="text" onClick={confirmRemove}>
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}

export function TeamList({
  members,
  error,
  now,
  canManage,
  onChanged,
  onRetry,
}: {
  members: TeamMember[] | null;
  error: string | null;
  now: number;
  canManage: boolean;
  onChanged(): void;
  onRetry(): void;
}) {
  const count = members?.filter((m) => m.status === 'active').length ?? 0;
  return (
    <Card title={members ? `Members (${count})` : 'Members'}>
      {error && (
        <Alert
          type="error"
          showIcon
          title="We could not load your team"
          description={error}
          action={<Button onClick={onRetry}>Try again</Button>}
        />
      )}
      {!members && !error && <Skeleton active />}
      {members && members.length === 0 && <Empty description="No team members yet" />}
      {members && members.length > 0 && (
        <ul className={styles.list} data-testid="team-list">
          {members.map((m) => (
            <MemberRow key={m.id} member={m} now={now} canManage={canManage} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </Card>
  );
}
