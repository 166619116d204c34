import { UserAddOutlined } from '@/components/icons';
import { Button } from 'antd';
import type { Metadata } from 'next';
import Link from 'next/link';
import { StatusMessage } from '@/components/status/StatusMessage';
import { PATHS } from '@/lib/routing/paths';
import { runtimeConfig } from '@/lib/server/runtime-config';

export const metadata: Metadata = { title: 'Registration is paused' };

export default function RegistrationDisabledPage() {
  const { contact } = runtimeConfig();
  return (
    <StatusMessage
      testId="registration-disabled"
      icon={<UserAddOutlined />}
      title="New sign-ups are paused"
      actions={
        <>
          <Link href={PATHS.signIn}>
            <Button type="primary" size="large">
              Log in
            </Button>
          </Link>
          <Link href={PATHS.home}>
            <Button size="large">Back to home</Button>
          </Link>
        </>
      }
    >
      <p>
        We are not taking new registrations at the moment. If you already have an account, you can log in as
        usual.
      </p>
      <p>
        Want to know when sign-ups open again? Write to{' '}
        <a href={`mailto:${contact.sales}`}>{contact.sales}</a> and we will let you know.
      </p>
    </StatusMessage>
  );
}
