import type { Logger } from '@parley/logger';
import type { ConsumerMessages, JetStreamManager, JsMsg, NatsConnection } from 'nats';
import type { DurableSpec } from './consumer';
import { GroupQueue } from './group-queue';
import { consumeInOrder, openOrderedSession } from './ordered-session';
import type { RunnerSettings } from './runner-settings';

export interface OpenGroupedSessionOptions {
  nc: NatsConnection;
  jsm: JetStreamManager;
  stream: string;
  name: string;
  filterSubject: string;
  position: number;
  settings: RunnerSettings;
  opened(messages: ConsumerMessages): void;
  stopping(): boolean;
}

/** Positions a runner's durable consumer after `position` and starts pulling. */
export function openGroupedSession(o: OpenGroupedSessionOptions): Promise<ConsumerMessages> {
  const spec: DurableSpec = {
    stream: o.stream,
    name: o.name,
    filterSubject: o.filterSubject,
    position: o.position,
    maxDeliver: o.settings.maxDeliver,
    batchSize: o.settings.batchSize,
    ackWaitMs: o.settings.ackWaitMs,
    // Messages are handled one group after another in delivery order (a gap starts over from
    // the checkpoint), so a group's last ack settles the group: one ack per transaction.
    ackAll: true,
  };
  return openOrderedSession({
    nc: o.nc,
    jsm: o.jsm,
    durable: spec,
    expires: 5_000,
    opened: o.opened,
    stopping: o.stopping,
  });
}

export interface ConsumeInGroupsOptions {
  maxGroup: number;
  maxWaiting: number;
  log: Logger;
  stopping(): boolean;
  handleGroup(group: JsMsg[]): Promise<void>;
}

/**
 * Consumes a session in delivery order. Messages wait while the previous group is handled, and
 * go together in the next one (one at a time when maxGroup is 1). A failed group stops the session.
 */
export async function consumeInGroups(messages: ConsumerMessages, o: ConsumeInGroupsOptions): Promise<void> {
  const queue = new GroupQueue<JsMsg>({
    maxGroup: o.maxGroup,
    maxWaiting: o.maxWaiting,
    apply: (group) => o.handleGroup(group),
    failed: () => messages.stop(),
  });
  await consumeInOrder(messages, { log: o.log, stopping: o.stopping, handle: (m) => queue.add(m) });
  await queue.settled();
}
