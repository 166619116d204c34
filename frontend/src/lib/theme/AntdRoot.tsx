'use client';

import { AntdRegistry } from '@ant-design/nextjs-registry';
import { App, ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useThemeMode } from './ThemeProvider';
import { antdTheme } from './tokens';

/**
 * antd for the layouts that use it (auth, dashboard, a job's application form): its style
 * registry for server rendering, the theme for the current mode and the App provider for
 * toasts. The public pages stay without it, so their visitors never download antd.
 */
export function AntdRoot({ children }: { children: ReactNode }) {
  const { mode } = useThemeMode();
  const config = useMemo(() => antdTheme(mode), [mode]);
  return (
    <AntdRegistry>
      <ConfigProvider theme={config}>
        {/* Error catalogue: only one toast is shown at a time. */}
        <App message={{ maxCount: 1 }} notification={{ maxCount: 1 }}>
          {children}
        </App>
      </ConfigProvider>
    </AntdRegistry>
  );
}
