import type { SlotEvent } from './events';

export interface SlotState {
  bookingId: string | null;
}

export const initialSlotState: SlotState = { bookingId: null };

export function evolveSlot(state: SlotState, event: SlotEvent): SlotState {
  return state.bookingId ? state : { bookingId: event.data.bookingId };
}
