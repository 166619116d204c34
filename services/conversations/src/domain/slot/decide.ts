import type { Decider } from '@parley/eventstore';
import { slotTaken } from '../shared/errors';
import { iso } from '../shared/time';
import type { SlotCommand } from './commands';
import type { SlotEvent } from './events';
import { SlotEventType as T } from './events';
import { evolveSlot, initialSlotState, type SlotState } from './state';

export function decideSlot(command: SlotCommand, state: SlotState): SlotEvent[] {
  if (state.bookingId === command.booking.bookingId) return []; // the same booking, retried
  if (state.bookingId) throw slotTaken();
  return [{ type: T.Booked, data: { ...command.booking, bookedAt: iso(command.now) } }];
}

export const slotDecider: Decider<SlotCommand, SlotEvent, SlotState> = {
  initialState: initialSlotState,
  evolve: evolveSlot,
  decide: decideSlot,
};
