import { sessionRevocationNames, type SessionRevocationNames } from '@parley/contracts';
import type { RedisClientType } from 'redis';

/** Beyond the access token's lifetime: the gateway's 5 s clock tolerance and a token signed moments after the end. */
const MARK_MARGIN_MS = 60_000;

/**
 * Tells the gateways that a session ended (@parley/contracts session-revocation): a Redis key they
 * check for every access token naming the session, kept until the last token it could have issued
 * has expired, and a message on a channel so each replica closes the session's sockets.
 */
export class SessionRevocations {
  private readonly names: SessionRevocationNames;
  private readonly markMs: number;

  constructor(
    private readonly redis: RedisClientType,
    namespace: string,
    accessTokenTtlSeconds: number,
  ) {
    this.names = sessionRevocationNames(namespace);
    this.markMs = accessTokenTtlSeconds * 1000 + MARK_MARGIN_MS;
  }

  /** Idempotent: announcing an ended session again renews nothing a gateway relies on. */
  async announce(sessionId: string, revokedAt: number, now: number): Promise<void> {
    const remainingMs = revokedAt + this.markMs - now;
    // Every token the session issued has expired: nothing left to refuse or close.
    if (remainingMs <= 0) return;
    await this.redis
      .multi()
      .set(this.names.revokedSession(sessionId), new Date(revokedAt).toISOString(), { PX: remainingMs })
      .publish(this.names.revokedChannel, sessionId)
      .exec();
  }
}
