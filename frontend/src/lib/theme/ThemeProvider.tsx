'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { THEME_COOKIE } from '../session/cookies';
import type { ThemeMode } from './mode';

interface ThemeContextValue {
  mode: ThemeMode;
  toggle: () => void;
}

const ThemeContext = createContext<ThemeContextValue>({ mode: 'light', toggle: () => undefined });

export const useThemeMode = () => useContext(ThemeContext);

/**
 * The chosen theme lives in a cookie, so the server renders the right one and the page never
 * flashes the other; the provider only flips it and keeps <html data-theme> in step for our CSS.
 * It holds no antd: the public pages render without it, and the layouts that use antd add
 * AntdRoot (./AntdRoot.tsx), which reads the mode from here.
 */
export function ThemeProvider({ initialMode, children }: { initialMode: ThemeMode; children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(initialMode);

  const toggle = useCallback(() => {
    setMode((current) => {
      const next: ThemeMode = current === 'dark' ? 'light' : 'dark';
      document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
      document.documentElement.dataset.theme = next;
      document.documentElement.style.colorScheme = next;
      return next;
    });
  }, []);

  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
