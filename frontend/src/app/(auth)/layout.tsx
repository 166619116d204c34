import type { ReactNode } from 'react';
import { AuthShell } from '@/components/auth/AuthShell';
import { AntdRoot } from '@/lib/theme/AntdRoot';

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <AntdRoot>
      <AuthShell>{children}</AuthShell>
    </AntdRoot>
  );
}
