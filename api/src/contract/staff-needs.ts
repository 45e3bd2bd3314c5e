// What each staff role may see and do, by the need of its work (issue 40, decision 047). The ranks
// of DESIGN.md section 6 still order most capabilities (a manager does all a coordinator does), but
// not these: gate staff (coordinator) admit people with names, ticket types and status, and never
// see the money taken or attendees' contacts; support, on the phone with a buyer, sees contacts and
// corrects a name, cancels an attendee (the buyer's own cancellation rules) and downloads an
// invoice, but neither checks in nor sees revenue. Shared by the API (its guards in routes/admin.ts
// and the fields it leaves out of its answers) and the console (which offers only what the role has).
import type { Role } from './types';

/** The capabilities that do not follow the ranks: the roles that have each. */
export const STAFF_NEEDS = {
  /** Revenue figures: the dashboard's, the registrations', events' and tickets' totals, promo codes' takings. */
  seeRevenue: ['admin', 'manager'],
  /** Attendees', buyers' and waiting people's e-mail addresses and phone numbers, emergency contacts. */
  seeContacts: ['admin', 'manager', 'support'],
  /** One booking's view (its buyer, payments, refunds and messages). */
  openBooking: ['admin', 'manager', 'support'],
  /** Correct a misspelt first or last name for a caller. */
  correctName: ['admin', 'manager', 'support'],
  /** Cancel an attendee for a caller, under the event's own cancellation rules (refund less its fee). */
  cancelAttendee: ['admin', 'manager', 'support'],
  /** One invoice's or credit note's PDF, for a caller who asks for it. */
  downloadInvoice: ['admin', 'manager', 'support'],
} as const satisfies Record<string, readonly Role[]>;

export type StaffNeed = keyof typeof STAFF_NEEDS;

/** Whether a role has a capability of STAFF_NEEDS. */
export const hasNeed = (role: Role, need: StaffNeed): boolean => (STAFF_NEEDS[need] as readonly Role[]).includes(role);

export const seesRevenue = (role: Role) => hasNeed(role, 'seeRevenue');
export const seesContacts = (role: Role) => hasNeed(role, 'seeContacts');

/** The contact fields of an attendee's details, left out for a role that does not see contacts. */
export const CONTACT_FIELDS = ['email', 'phone', 'emergencyContact'] as const;

/** An attendee (or anything with participantInfo) without their contacts: the keys are left out, not blanked. */
export function withoutContacts<T extends { participantInfo: object }>(registration: T): T {
  const info = { ...registration.participantInfo } as Record<string, unknown>;
  for (const field of CONTACT_FIELDS) delete info[field];
  return { ...registration, participantInfo: info as T['participantInfo'] };
}

/** A record without one revenue field (the key left out), for a role that does not see revenue. */
export function withoutField<T extends object, K extends keyof T>(value: T, field: K): T {
  const copy = { ...value };
  delete copy[field];
  return copy;
}
