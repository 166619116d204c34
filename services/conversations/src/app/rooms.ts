import { randomUUID } from 'node:crypto';
import { executeCommand, type CommandOutcome } from '@parley/eventstore';
import type { RoomCommand } from '../domain/room/commands';
import { roomDecider } from '../domain/room/decide';
import type { RoomEvent } from '../domain/room/events';
import type { RoomState } from '../domain/room/state';
import { customerDecider } from '../domain/customer/decide';
import { roomNotFound } from '../domain/shared/errors';
import { isId, loadState, subjects } from './aggregates';
import type { ConversationsDeps } from './deps';
import { roomViewOf, type RoomView } from './views';

/** A room's current state; a room of a deleted domain is as gone as a missing one. */
export async function loadRoom(deps: ConversationsDeps, roomId: string): Promise<RoomState | null> {
  if (!isId(roomId)) return null;
  const { state } = await loadState(deps.store, subjects(deps.store).room(roomId), roomDecider);
  if (state.status !== 'open') return null;
  return (await deps.domains.byId(state.domainId)) ? state : null;
}

/**
 * Runs a command on an existing room (its decider checks the actor's access). The room's domain
 * must still exist: after DomainDeleted its rooms are gone for everyone. Checked on the state the
 * command is decided on, so the room is read once.
 */
export async function runOnRoom(
  deps: ConversationsDeps,
  roomId: string,
  command: RoomCommand,
  meta: Record<string, string> = {},
): Promise<CommandOutcome<RoomEvent, RoomState>> {
  if (!isId(roomId)) throw roomNotFound();
  return executeCommand(deps.store, subjects(deps.store).room(roomId), roomDecider, command, {
    commandId: randomUUID(),
    meta,
    guard: async (state) => {
      if (state.status !== 'open' || !(await deps.domains.byId(state.domainId))) throw roomNotFound();
    },
  });
}

/** The room's row as a command answers it: hostname from the read model, email from the customer. */
export async function roomView(
  deps: ConversationsDeps,
  state: RoomState,
  forVisitor = false,
): Promise<RoomView> {
  const [domain, customer] = await Promise.all([
    deps.domains.byId(state.domainId),
    deps.watched.load(subjects(deps.store).customer(state.customerId), customerDecider),
  ]);
  return roomViewOf(state, { domain: domain?.domain ?? '', customerEmail: customer.state.email }, forVisitor);
}
