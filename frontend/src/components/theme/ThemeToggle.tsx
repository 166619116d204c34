'use client';

import { MoonOutlined, SunOutlined } from '@/components/public-icons';
import { Button } from '@/components/ui/Button';
import { useThemeMode } from '@/lib/theme/ThemeProvider';

/** No antd: the public pages' navbar carries it. The browser's own tooltip says what it does. */
export function ThemeToggle({ className }: { className?: string }) {
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Button
      className={className}
      variant="text"
      iconOnly
      circle
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-theme-mode={mode}
      icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      onClick={toggle}
    />
  );
}
