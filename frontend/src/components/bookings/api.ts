import { z } from 'zod';
import { api } from '@/lib/api/client';
import { bookingsPath, type BookingsView } from './view';

/** GET /api/bookings (docs/api/conversations.md, Team side). */
export const bookingSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  domainId: z.string(),
  domain: z.string(),
  appointmentTypeId: z.string().nullable(),
  appointmentName: z.string(),
  date: z.string(),
  slot: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  roomId: z.string().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingPageSchema = z.object({
  data: z.array(bookingSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type BookingPage = z.infer<typeof bookingPageSchema>;

export const fetchBookings = (view: BookingsView, signal?: AbortSignal) =>
  api(bookingsPath(view), { schema: bookingPageSchema, signal });
