'use client';

import { MoonOutlined, SunOutlined } from '@/components/public-icons';
import { Button, Tooltip } from 'antd';
import { useThemeMode } from '@/lib/theme/ThemeProvider';

export function ThemeToggle({ className }: { className?: string }) {
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip title={label}>
      <Button
        className={className}
        type="text"
        shape="circle"
        aria-label={label}
        data-testid="theme-toggle"
        data-theme-mode={mode}
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
