'use client';

import { Button, Result } from 'antd';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { PATHS } from '@/lib/routing/paths';
import { useSession } from './SessionProvider';

/** Admin pages: the API enforces the role; this only avoids showing a page its user cannot use. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user.role === 'ADMIN') return <>{children}</>;
  return (
    <Result
      status="403"
      title="Administrators only"
      subTitle="This part of Parley is for administrators. If you need access, ask one of them."
      extra={
        <Link href={PATHS.dashboard}>
          <Button type="primary">Back to dashboard</Button>
        </Link>
      }
    />
  );
}
