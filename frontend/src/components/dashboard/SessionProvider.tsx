'use client';

import { Button, Result, Spin } from 'antd';
import { usePathname } from 'next/navigation';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { api, clearSessionHint, onSessionEnded } from '@/lib/api/client';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { meResponseSchema, type User } from '@/lib/api/types';
import { PATHS, signInUrlFor } from '@/lib/routing/paths';
import styles from './SessionProvider.module.css';

interface SessionValue {
  user: User;
  /** Replace the user after a change (e.g. PATCH /api/user/me answered with the new one). */
  setUser(user: User): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

type State = { kind: 'loading' } | { kind: 'ready'; user: User } | { kind: 'failed'; message: string };

/**
 * Loads the signed-in user (GET /api/user/me, refreshing the access token if needed) for the
 * dashboard. When the session cannot be renewed it clears what is left of it and sends the
 * browser to sign-in with the way back, so the proxy never bounces it straight back here.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const pathname = usePathname();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  const leaving = useRef(false);

  const endSession = useCallback(async (to?: string) => {
    if (leaving.current) return;
    leaving.current = true;
    clearSessionHint();
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
    window.location.assign(to ?? signInUrlFor(`${pathRef.current}${window.location.search}`));
  }, []);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const me = await api('/user/me', { schema: meResponseSchema });
      setState({ kind: 'ready', user: me.user });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return void endSession();
      if (error instanceof ApiError && error.code === 'MAINTENANCE')
        return void window.location.assign(PATHS.maintenance);
      setState({ kind: 'failed', message: errorSentence(error) });
    }
  }, [endSession]);

  useEffect(() => {
    void load();
    return onSessionEnded(() => void endSession());
  }, [load, endSession]);

  const value = useMemo<SessionValue | null>(
    () =>
      state.kind === 'ready'
        ? {
            user: state.user,
            setUser: (user) => setState({ kind: 'ready', user }),
            signOut: () => endSession(PATHS.signIn),
          }
        : null,
    [state, endSession],
  );

  if (state.kind === 'loading') {
    return (
      <div className={styles.center} role="status" aria-live="polite">
        <Spin size="large" />
        <p>Loading your dashboard…</p>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className={styles.center}>
        <Result
          status="warning"
          title="Failed to fetch user profile"
          subTitle={state.message}
          extra={
            <Button type="primary" onClick={() => void load()}>
              Try again
            </Button>
          }
        />
      </div>
    );
  }
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
