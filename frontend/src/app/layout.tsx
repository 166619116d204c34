import '@fontsource-variable/inter';
import '@fontsource-variable/plus-jakarta-sans';
import './globals.css';
import type { Metadata, Viewport } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { RedirectLoopGuard } from '@/components/session/RedirectLoopGuard';
import { THEME_COOKIE } from '@/lib/session/cookies';
import { ThemeProvider } from '@/lib/theme/ThemeProvider';
import type { ThemeMode } from '@/lib/theme/mode';

export const metadata: Metadata = {
  title: { default: 'Parley: AI customer support that knows when to hand off', template: '%s · Parley' },
  description:
    'Parley puts an AI assistant on your website that answers visitors instantly, books meetings, sells products and hands the conversation to your team when a human is needed.',
  applicationName: 'Parley',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#0b0d14' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const mode: ThemeMode = (await cookies()).get(THEME_COOKIE)?.value === 'dark' ? 'dark' : 'light';
  return (
    <html lang="en" data-theme={mode} style={{ colorScheme: mode }} suppressHydrationWarning>
      <body>
        {/* No antd here: the public pages render without it (issue 20's 200 KB); the layouts
            that use it add AntdRoot. */}
        <ThemeProvider initialMode={mode}>
          <RedirectLoopGuard />
          {children}
        </ThemeProvider>
      </body>
    </html>
  );
}
