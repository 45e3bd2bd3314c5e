// Categories and eligibility (issue 23): a ticket type may hold its attendees to an age on the
// event day and to one gender. The storefront marks the field and the API refuses the order with
// the same words, from this one rule.
import type { Gender } from './types';
import { ageOn } from './registration';
import { messageKey } from './validation-messages';

export interface EligibilityRule {
  name: string;
  minAge: number | null;
  maxAge: number | null;
  gender: Gender | null;
}

/** The message for an attendee outside a gender's category. */
const CATEGORY_FOR = {
  female: 'validation.categoryFor.female',
  male: 'validation.categoryFor.male',
  other: 'validation.categoryFor.other',
} as const satisfies Record<Gender, string>;

/** '12 January 2027' for '2027-01-12'. */
const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * Why an attendee born on `dateOfBirth` of `gender` may not hold `ticket` at an event on
 * `eventDate`, as the field error to show on the named field; undefined when they may.
 */
export function eligibilityProblem(
  ticket: EligibilityRule,
  attendee: { dateOfBirth: string; gender: string },
  eventDate: string,
): { field: 'dateOfBirth' | 'gender'; message: string } | undefined {
  const age = ageOn(attendee.dateOfBirth, eventDate);
  if (ticket.minAge !== null && age < ticket.minAge) {
    return {
      field: 'dateOfBirth',
      message: messageKey('validation.minimumAgeOn', { ticket: ticket.name, min: ticket.minAge, date: longDate(eventDate) }),
    };
  }
  if (ticket.maxAge !== null && age > ticket.maxAge) {
    return {
      field: 'dateOfBirth',
      message: messageKey('validation.maximumAgeOn', { ticket: ticket.name, max: ticket.maxAge, date: longDate(eventDate) }),
    };
  }
  if (ticket.gender !== null && attendee.gender !== ticket.gender) {
    return { field: 'gender', message: messageKey(CATEGORY_FOR[ticket.gender], { ticket: ticket.name }) };
  }
  return undefined;
}
