import type { Logger } from '@parley/logger';
import type { ConsumerMessages, JetStreamManager, JsMsg, NatsConnection } from 'nats';
import type { DurableSpec } from './consumer';
import { GroupQueue } from './group-queue';
import { consumeInOrder, openOrderedSession } from './ordered-session';
import type { RunnerSettings } from './runner-settings';

export interface GroupedSessionsOptions {
  nc: NatsConnection;
  stream: string;
  /** The durable consumer's name. */
  name: string;
  filterSubject: string;
  settings: RunnerSettings;
  /** The most messages handled together. */
  maxGroup: number;
  log: Logger;
  stopping(): boolean;
  handleGroup(group: JsMsg[]): Promise<void>;
}

/**
 * A runner's sessions on its durable consumer: opens one after a position, consumes it in
 * groups, and keeps the open one so that a lost lock or a stop can end it.
 */
export class GroupedSessions {
  private messages: ConsumerMessages | undefined;

  constructor(private readonly o: GroupedSessionsOptions) {}

  /** Positions the durable consumer after `position` and starts pulling. */
  open(jsm: JetStreamManager, position: number): Promise<ConsumerMessages> {
    const { o } = this;
    const spec: DurableSpec = {
      stream: o.stream,
      name: o.name,
      filterSubject: o.filterSubject,
      position,
      maxDeliver: o.settings.maxDeliver,
      batchSize: o.settings.batchSize,
      ackWaitMs: o.settings.ackWaitMs,
      // Messages are handled one group after another in delivery order (a gap starts over from
      // the checkpoint), so a group's last ack settles the group: one ack per transaction.
      ackAll: true,
    };
    return openOrderedSession({
      nc: o.nc,
      jsm,
      durable: spec,
      expires: 5_000,
      opened: (session) => {
        this.messages = session;
      },
      stopping: o.stopping,
    });
  }

  /**
   * Consumes a session in delivery order. Messages wait while the previous group is handled,
   * and go together in the next one (one at a time when maxGroup is 1). A failed group stops
   * the session.
   */
  async consume(messages: ConsumerMessages): Promise<void> {
    const { o } = this;
    const queue = new GroupQueue<JsMsg>({
      maxGroup: o.maxGroup,
      maxWaiting: o.settings.batchSize,
      apply: (group) => o.handleGroup(group),
      failed: () => messages.stop(),
      lingerMs: o.settings.groupLingerMs,
    });
    try {
      await consumeInOrder(messages, { log: o.log, stopping: o.stopping, handle: (m) => queue.add(m) });
      await queue.settled();
    } finally {
      if (this.messages === messages) this.messages = undefined;
    }
  }

  /** Ends the open session, if any. */
  interrupt(): void {
    this.messages?.stop();
  }
}
