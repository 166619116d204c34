import type { BookingFacts } from './events';

export type SlotCommand = { type: 'Book'; booking: BookingFacts; now: number };
