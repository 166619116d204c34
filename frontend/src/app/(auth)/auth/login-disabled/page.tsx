import { LockOutlined } from '@/components/icons';
import { Button } from 'antd';
import type { Metadata } from 'next';
import Link from 'next/link';
import { StatusMessage } from '@/components/status/StatusMessage';
import { ADMIN_SIGN_IN_PARAM, PATHS } from '@/lib/routing/paths';
import { runtimeConfig } from '@/lib/server/runtime-config';

export const metadata: Metadata = { title: 'Log-in is paused' };

export default function LoginDisabledPage() {
  const { contact } = runtimeConfig();
  return (
    <StatusMessage
      testId="login-disabled"
      icon={<LockOutlined />}
      title="Logging in is paused for now"
      actions={
        <>
          <Link href={PATHS.home}>
            <Button type="primary" size="large">
              Back to home
            </Button>
          </Link>
          <a href={`mailto:${contact.support}`}>
            <Button size="large">Contact support</Button>
          </a>
        </>
      }
    >
      <p>
        We have temporarily switched off signing in while we work on Parley. Your account, conversations and
        settings are safe, and your chat widget keeps answering visitors.
      </p>
      <p>Please try again a little later.</p>
      <p>
        <Link href={`${PATHS.signIn}?${ADMIN_SIGN_IN_PARAM}=1`}>Administrator sign-in</Link>
      </p>
    </StatusMessage>
  );
}
