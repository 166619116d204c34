'use client';

import {
  ArrowRightOutlined,
  CalendarOutlined,
  MailOutlined,
  MessageOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@/components/icons';
import { Alert, Button, Card, Descriptions, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { DashboardLink } from '@/components/dashboard/DashboardLink';
import type { ReactNode } from 'react';
import { formatCount, formatDomains, priceParts } from '@/lib/format/plan';
import { usePlans } from '@/lib/hooks/usePlans';
import { PATHS } from '@/lib/routing/paths';
import { FunnelCard } from './FunnelCard';
import { PageTitle } from './PageTitle';
import { useSession } from './SessionProvider';
import styles from './DashboardHome.module.css';

const ROLE_LABELS = { OWNER: 'Account owner', AGENT: 'Support agent', ADMIN: 'Administrator' } as const;

const SECTIONS: { href: string; title: string; text: string; icon: ReactNode }[] = [
  {
    href: '/dashboard/conversation',
    title: 'Conversation',
    text: 'Chats with your visitors, and live hand-off to your team.',
    icon: <MessageOutlined />,
  },
  {
    href: PATHS.bookings,
    title: 'Bookings',
    text: 'Meetings your visitors booked in the widget, with their conversations.',
    icon: <CalendarOutlined />,
  },
  {
    href: '/dashboard/team',
    title: 'Team',
    text: 'The people who answer chats with you.',
    icon: <TeamOutlined />,
  },
  {
    href: '/dashboard/settings',
    title: 'Settings',
    text: 'Domains, the widget’s look, your assistant and billing.',
    icon: <SettingOutlined />,
  },
  {
    href: '/dashboard/email-marketing',
    title: 'Email Marketing',
    text: 'Campaigns to the contacts your chats collected.',
    icon: <MailOutlined />,
  },
];

function PlanCard() {
  const { user } = useSession();
  const plans = usePlans();

  if (plans.kind === 'loading') {
    return (
      <Card title="Your plan" className={styles.card}>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  }
  if (plans.kind === 'failed') {
    return (
      <Card title="Your plan" className={styles.card}>
        <Alert
          type="warning"
          showIcon
          title="We could not load the plan details"
          description={plans.message}
          action={
            <Button size="small" onClick={plans.retry}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  }
  const plan = plans.plans.find((p) => p.id === user.plan);
  if (!plan) {
    return (
      <Card title="Your plan" className={styles.card}>
        <Alert type="warning" showIcon title={`Your plan (${user.plan}) is not in the current catalogue.`} />
      </Card>
    );
  }
  const price = priceParts(plan.priceCents);
  return (
    <Card
      className={styles.card}
      title="Your plan"
      extra={
        <Tag color={plan.priceCents === 0 ? 'default' : 'purple'}>
          {plan.priceCents === 0 ? 'Free' : 'Paid'}
        </Tag>
      }
      data-testid="plan-card"
    >
      <div className={styles.planHead}>
        <h2 data-testid="plan-name">{plan.name}</h2>
        <p className={styles.planPrice}>
          <strong>{price.amount}</strong>
          <span>{price.period}</span>
        </p>
      </div>
      <p className={styles.muted}>{plan.description}</p>
      <dl className={styles.stats}>
        <div>
          <dt>Requests / month</dt>
          <dd>{formatCount(plan.credits)}</dd>
        </div>
        <div>
          <dt>Domains</dt>
          <dd>{formatDomains(plan.maxDomains)}</dd>
        </div>
        {plan.contacts !== undefined && (
          <div>
            <dt>Contacts</dt>
            <dd>{formatCount(plan.contacts)}</dd>
          </div>
        )}
        {plan.emailsPerMonth !== undefined && (
          <div>
            <dt>Emails / month</dt>
            <dd>{formatCount(plan.emailsPerMonth)}</dd>
          </div>
        )}
      </dl>
      <DashboardLink href="/#pricing" className={styles.cardLink}>
        Compare plans <ArrowRightOutlined />
      </DashboardLink>
    </Card>
  );
}

function AccountCard() {
  const { user } = useSession();
  const since = dayjs(user.createdAt);
  return (
    <Card
      className={styles.card}
      title="Your account"
      extra={
        <DashboardLink href={PATHS.profile}>
          <Button size="small">Edit profile</Button>
        </DashboardLink>
      }
      data-testid="account-card"
    >
      <Descriptions
        colon={false}
        column={1}
        size="small"
        items={[
          { key: 'name', label: 'Name', children: user.fullname },
          { key: 'email', label: 'Email', children: <span data-testid="account-email">{user.email}</span> },
          {
            key: 'role',
            label: 'Role',
            children: <Tag color={user.role === 'ADMIN' ? 'gold' : 'blue'}>{ROLE_LABELS[user.role]}</Tag>,
          },
          {
            key: 'since',
            label: 'Member since',
            children: since.isValid() ? since.format('D MMMM YYYY') : '—',
          },
        ]}
      />
    </Card>
  );
}

export function DashboardHome() {
  const { user } = useSession();
  const firstName = user.fullname.trim().split(/\s+/)[0] ?? user.fullname;
  return (
    <>
      <PageTitle
        title={`Welcome, ${firstName}`}
        description="Your plan and account at a glance, and the parts of your workspace."
      />
      <div className={styles.grid}>
        <PlanCard />
        <AccountCard />
      </div>
      {user.role !== 'AGENT' && (
        // The space is the wrapper's: antd's own card style is as specific as a module class and
        // comes later, so a margin on the card itself does not show.
        <div className={styles.funnelSection}>
          <FunnelCard />
        </div>
      )}

      {user.role === 'ADMIN' && (
        <DashboardLink href={PATHS.adminOverview} className={styles.adminBanner}>
          <SafetyCertificateOutlined className={styles.adminIcon} />
          <div className={styles.adminText}>
            <strong>Administration</strong>
            <span>Switch log-in, registration and maintenance mode for the whole platform.</span>
          </div>
          <ArrowRightOutlined />
        </DashboardLink>
      )}

      <h2 className={styles.sectionTitle}>Your workspace</h2>
      <ul className={styles.sections}>
        {SECTIONS.map((s) => (
          <li key={s.href}>
            <DashboardLink href={s.href} className={styles.section}>
              <span className={styles.sectionIcon}>{s.icon}</span>
              <span>
                <strong>{s.title}</strong>
                <span>{s.text}</span>
              </span>
            </DashboardLink>
          </li>
        ))}
      </ul>
    </>
  );
}
