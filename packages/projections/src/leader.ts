import { Client, type Pool, type QueryResult, type QueryResultRow } from 'pg';

/**
 * One active runner per projection across replicas: events must be applied in stream order, and
 * two runners sharing one durable consumer would each get every other message. The runner that
 * holds a session-level advisory lock consumes; the others stand by. The lock lives on its own
 * connection (not a pool client), so it is released exactly when that connection ends.
 */
export class LeaderLock {
  private client: Client | undefined;
  private lostHandlers: (() => void)[] = [];

  constructor(
    private readonly pool: Pool,
    private readonly lockName: string,
  ) {}

  get held(): boolean {
    return this.client !== undefined;
  }

  /** Tries once; true when this runner is now the active one. */
  async tryAcquire(): Promise<boolean> {
    if (this.client) return true;
    const client = new Client(this.pool.options);
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        // 64-bit key from md5: hashtext's 32 bits would let two projections collide (and block).
        "SELECT pg_try_advisory_lock(('x' || substr(md5($1), 1, 16))::bit(64)::bigint) AS locked",
        [this.lockName],
      );
      if (rows[0]?.locked) {
        this.client = client;
        return true;
      }
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    await client.end().catch(() => undefined);
    return false;
  }

  /**
   * Runs a query on the lock's own connection, which is open (and otherwise idle) while the lock
   * is held: periodic look-ups of the active runner cost no connection of the pool.
   */
  async query<R extends QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>> {
    if (!this.client) throw new Error(`not holding ${this.lockName}`);
    return this.client.query<R>(text, values);
  }

  onLost(handler: () => void): void {
    this.lostHandlers.push(handler);
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    // Ending the session releases the lock.
    if (client) await client.end().catch(() => undefined);
  }

  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    for (const h of this.lostHandlers) h();
  }
}
