import type { Folded } from '@parley/eventstore';
import type { SlotEvent } from './events';

export interface SlotState {
  bookingId: string | null;
}

export const initialSlotState: SlotState = { bookingId: null };

export function evolveSlot(state: Folded<SlotState>, event: SlotEvent): Folded<SlotState> {
  return state.bookingId ? state : { bookingId: event.data.bookingId };
}
