import type { EventStatus, PaymentStatus, RegistrationStatus, TicketStatus } from '@tdk/api/contract';
import type { Tone } from '../theme/theme';

// Badge colours exactly as SPEC.md section 4 lists them. Anything not listed (No-Show, a value
// from a newer API, a typo in old data) falls back to grey rather than throwing.

export const EVENT_STATUS_TONES: Readonly<Record<EventStatus, Tone>> = {
  Active: 'green',
  Upcoming: 'blue',
  Completed: 'grey',
  Draft: 'yellow',
  Cancelled: 'red',
};

export const TICKET_STATUS_TONES: Readonly<Record<TicketStatus, Tone>> = {
  Active: 'green',
  Upcoming: 'blue',
  'Sold Out': 'red',
  Expired: 'grey',
};

export const REGISTRATION_STATUS_TONES: Readonly<Record<RegistrationStatus, Tone>> = {
  Confirmed: 'green',
  Pending: 'yellow',
  Cancelled: 'red',
  'Checked-In': 'blue',
  'No-Show': 'grey',
};

export const PAYMENT_STATUS_TONES: Readonly<Record<PaymentStatus, Tone>> = {
  Paid: 'green',
  Pending: 'yellow',
  Failed: 'red',
  Refunded: 'grey',
};

function lookup(map: Readonly<Record<string, Tone>>, status: string | null | undefined): Tone {
  if (typeof status !== 'string') return 'grey';
  return Object.prototype.hasOwnProperty.call(map, status) ? map[status]! : 'grey';
}

export const eventStatusTone = (status: EventStatus | string | null | undefined): Tone => lookup(EVENT_STATUS_TONES, status);
export const ticketStatusTone = (status: TicketStatus | string | null | undefined): Tone => lookup(TICKET_STATUS_TONES, status);
export const registrationStatusTone = (status: RegistrationStatus | string | null | undefined): Tone =>
  lookup(REGISTRATION_STATUS_TONES, status);
export const paymentStatusTone = (status: PaymentStatus | string | null | undefined): Tone =>
  lookup(PAYMENT_STATUS_TONES, status);
