// A child's parent or guardian on the checkout form (decision 030): the form holds one per attendee
// slot; only a child on the event day's is sent, with the consent the rules made sure was ticked.
import { isCalendarDate, isChildOn, type GuardianInput } from '@tdk/api/contract';

export interface GuardianFormValues {
  attendees: Record<string, { dateOfBirth?: string } | undefined>;
  guardians?: Record<string, { name?: string; relation?: string; phone?: string; consent?: boolean } | undefined>;
}

/** Whether the attendee born on `dateOfBirth` (as the form holds it) needs a guardian for an event on `eventDate`. */
export const needsGuardian = (dateOfBirth: string | undefined, eventDate: string) =>
  Boolean(dateOfBirth && isCalendarDate(dateOfBirth) && isChildOn(dateOfBirth, eventDate));

/** What create-order is sent of slot `key`'s guardian: theirs for a child, nothing for an adult. */
export function guardianOf(values: GuardianFormValues, key: string, eventDate: string): GuardianInput | undefined {
  if (!needsGuardian(values.attendees[key]?.dateOfBirth, eventDate)) return undefined;
  const guardian = values.guardians?.[key];
  if (!guardian) return undefined;
  return {
    name: guardian.name ?? '',
    relation: guardian.relation as GuardianInput['relation'],
    phone: guardian.phone ?? '',
    consent: guardian.consent === true,
  } as GuardianInput;
}
