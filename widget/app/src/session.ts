import { widgetApi } from './api';
import { browserStore } from './storage';
import type { VisitorSession } from './types';

/** Renew this long before the visitor token expires. */
const RENEW_EARLY_MS = 5 * 60 * 1000;

/**
 * The visitor's session for one domain: created on first need with the stored visitor key (so a
 * returning visitor keeps their chat), renewed before the token expires.
 */
export class VisitorSessions {
  private current: VisitorSession | null = null;
  private pending: Promise<VisitorSession> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<(s: VisitorSession) => void>();

  constructor(private readonly domainId: string) {}

  token(): string {
    return this.current?.token ?? '';
  }

  onChange(listener: (s: VisitorSession) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async ensure(): Promise<VisitorSession> {
    if (this.current && Date.parse(this.current.expiresAt) - Date.now() > 30_000) return this.current;
    this.pending ??= this.start().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** A new token now (the old one was refused), keeping the visitor key. */
  renew(): Promise<VisitorSession> {
    this.current = this.current ? { ...this.current, expiresAt: new Date(0).toISOString() } : null;
    return this.ensure();
  }

  private async start(): Promise<VisitorSession> {
    await browserStore.ready();
    const stored = browserStore.load(this.domainId);
    const session = await widgetApi.session(
      this.domainId,
      this.current?.visitorKey ?? stored?.visitorKey ?? null,
    );
    const keyChanged = stored?.visitorKey !== session.visitorKey;
    browserStore.save(this.domainId, {
      visitorKey: session.visitorKey,
      savedAt: Date.now(),
      messages: keyChanged ? [] : (stored?.messages ?? []),
    });
    this.current = session;
    this.schedule(session);
    this.listeners.forEach((l) => l(session));
    return session;
  }

  /**
   * A session the gateway answered another call with (the offline form sets the email, which may
   * make the visitor an existing customer with a new token): used from now on.
   */
  adopt(session: VisitorSession) {
    // The new key continues this browser's: kept, so a reload resumes as this visitor.
    const stored = browserStore.load(this.domainId);
    if (stored?.visitorKey !== session.visitorKey)
      browserStore.save(this.domainId, { visitorKey: session.visitorKey, savedAt: Date.now(), messages: [] });
    this.current = session;
    this.schedule(session);
    this.listeners.forEach((l) => l(session));
  }

  private schedule(session: VisitorSession) {
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(10_000, Date.parse(session.expiresAt) - Date.now() - RENEW_EARLY_MS);
    this.timer = setTimeout(() => {
      this.current = null;
      void this.ensure().catch(() => undefined);
    }, wait);
  }

  dispose() {
    if (this.timer) clearTimeout(this.timer);
  }
}
