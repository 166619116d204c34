import type { EventStore } from '@parley/eventstore';
import type { ProjectionRunner } from '@parley/projections';
import type { Pool } from 'pg';

/** Who is calling, as the gateway read it from the verified token. Every query is scoped by accountId. */
export interface Caller {
  userId: string;
  role: string;
  accountId: string;
}

export interface ContentDeps {
  pool: Pool;
  store: EventStore;
  /** The content_items projection: commands wait for it so the answer shows what was written. */
  items: ProjectionRunner;
  /** The admins' content (editorial read model): their commands wait for it likewise. */
  editorial: ProjectionRunner;
  clock: () => Date;
}
