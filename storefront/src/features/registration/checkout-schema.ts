// The checkout form's rules, from the contract: the buyer by `buyerSchema`, each attendee by
// `attendeeDetailsSchema` and by `eligibilityProblem` for their own ticket type and the event's
// date. This module carries zod, so only validation.ts loads it, with import(), when the form
// first validates; the event page draws and hydrates without it (decision 016).
import { eligibilityProblem, type EligibilityRule, type Ticket } from '@tdk/api/contract';
import { attendeeDetailsSchema, buyerSchema } from '@tdk/api/contract/registration';

/** What the rules need of an attendee's place: their form's key and their ticket type. */
export interface SlotRule {
  key: string;
  ticket: Pick<Ticket, 'name'> & Partial<Pick<Ticket, 'minAge' | 'maxAge' | 'gender'>>;
}

const ruleOf = (ticket: SlotRule['ticket']): EligibilityRule => ({
  name: ticket.name,
  minAge: ticket.minAge ?? null,
  maxAge: ticket.maxAge ?? null,
  gender: ticket.gender ?? null,
});

/**
 * One attendee's schema. Eligibility is put on the field it names, each field judged by its own
 * part of the ticket's rule: the age problem shows on the date of birth even while the gender is
 * still unchosen, and runs only once the date itself is valid (zod skips a refinement after its
 * field's own failure).
 */
function attendeeSchemaFor(ticket: SlotRule['ticket'], eventDate: string) {
  const rule = ruleOf(ticket);
  const { dateOfBirth, gender } = attendeeDetailsSchema.shape;
  return attendeeDetailsSchema.extend({
    dateOfBirth: dateOfBirth.superRefine((value, ctx) => {
      const problem = eligibilityProblem({ ...rule, gender: null }, { dateOfBirth: value, gender: '' }, eventDate);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
    }),
    gender: gender.superRefine((value, ctx) => {
      const problem = eligibilityProblem(
        { ...rule, minAge: null, maxAge: null },
        { dateOfBirth: eventDate, gender: value },
        eventDate,
      );
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
    }),
  });
}

/**
 * The whole form: `{ buyer, attendees: { [slot key]: details } }`. Attendees are keyed by slot,
 * not listed, so a form removed by a smaller quantity takes nobody else's values with it; a
 * removed slot's values are not in the schema and so not in its output.
 */
export function checkoutFormSchema(slots: readonly SlotRule[], eventDate: string) {
  // An empty object schema of the contract's own zod: the storefront carries no zod of its own.
  const object = buyerSchema.pick({});
  const attendees = Object.fromEntries(slots.map((slot) => [slot.key, attendeeSchemaFor(slot.ticket, eventDate)]));
  return object.extend({ buyer: buyerSchema, attendees: object.extend(attendees) });
}

export type CheckoutFormSchema = ReturnType<typeof checkoutFormSchema>;
