// The checkout form's rules, from the contract: the buyer by `buyerSchema`, each attendee by
// `attendeeDetailsSchema`, by `eligibilityProblem` for their own ticket type and the event's date,
// and by the event's own form (`participantFieldProblems` for the built-in fields it requires,
// `answerProblems` for its questions), and the teams by `teamProblems`. This module carries zod
// and the contract's rule functions, so only validation.ts loads it, with import(), when the form
// first validates; the event page draws and hydrates without it (decision 016).
import {
  answerProblems,
  buyerBusinessSchema,
  checkoutAttendeeSchema,
  consentNotAskedSchema,
  eligibilityProblem,
  fieldModesOf,
  guardianFormRecordSchema,
  guardianSchema,
  isCalendarDate,
  isChildOn,
  privacyConsentSchema,
  messageKey,
  participantFieldProblems,
  questionsFor,
  teamProblems,
  type EligibilityRule,
  type EventQuestion,
  type ParticipantFieldModes,
  type Ticket,
} from '@tdk/api/contract';
import { attendeeDetailsSchema, buyerSchema } from '@tdk/api/contract/registration';
import { teamRulesOf } from './order-summary';
import { typedAnswers } from './event-form';

/** What the rules need of an attendee's place: their form's key, their ticket type and their team. */
export interface SlotRule {
  key: string;
  ticket: Pick<Ticket, 'id' | 'name' | 'price'> &
    Partial<Pick<Ticket, 'minAge' | 'maxAge' | 'gender' | 'teamMin' | 'teamMax' | 'teamPricing'>>;
  team?: { key: string };
}

/** What the rules need of the event: its date, its questions and which built-in fields it asks. */
export interface EventRules {
  date: string;
  questions?: EventQuestion[];
  participantFields?: Partial<ParticipantFieldModes>;
  /** The form's own words (the storefront's catalogue) for two teams of a type by one name. */
  duplicateTeamName: string;
  /**
   * Whether this form registers (checkout: the privacy notice's box and a child's guardian, decision
   * 030); My bookings' changes to a registered attendee do not. Default true.
   */
  registers?: boolean;
}

const ruleOf = (ticket: SlotRule['ticket']): EligibilityRule => ({
  name: ticket.name,
  minAge: ticket.minAge ?? null,
  maxAge: ticket.maxAge ?? null,
  gender: ticket.gender ?? null,
});

/** The built-in fields an event may require; participantFieldProblems names each on itself. */
const EVENT_FIELDS = [
  'tshirtSize',
  'bloodGroup',
  'emergencyContact',
  'emergencyPhone',
  'medicalConditions',
  'experience',
] as const;

/**
 * One attendee's schema. Eligibility is put on the field it names, each field judged by its own
 * part of the ticket's rule: the age problem shows on the date of birth even while the gender is
 * still unchosen, and runs only once the date itself is valid (zod skips a refinement after its
 * field's own failure). A built-in field the event requires is refused empty on itself.
 */
function attendeeSchemaFor(ticket: SlotRule['ticket'], eventDate: string, modes: ParticipantFieldModes) {
  const rule = ruleOf(ticket);
  const { dateOfBirth, gender } = attendeeDetailsSchema.shape;
  const required = Object.fromEntries(
    EVENT_FIELDS.map((field) => [
      field,
      attendeeDetailsSchema.shape[field].superRefine((value, ctx) => {
        const problem = participantFieldProblems(modes, { [field]: value ?? '' })[field];
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ]),
  ) as { [F in (typeof EVENT_FIELDS)[number]]: (typeof attendeeDetailsSchema.shape)[F] };
  return attendeeDetailsSchema.extend({
    ...required,
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
 * A record of answers as the contract takes them (text, numbers, yes/no, choices): the form's
 * answers and team names are held in one of these, the storefront carrying no zod of its own.
 */
const answerRecord = () => checkoutAttendeeSchema.shape.answers.unwrap();

/**
 * One attendee's answers: what the form holds, judged by answerProblems as the answers sent
 * (typedAnswers), each message on its question; the output is the answers to send.
 */
function answersSchemaFor(ticket: SlotRule['ticket'], questions: EventQuestion[]) {
  const asked = questionsFor(questions, ticket.id);
  return (
    answerRecord()
      .superRefine((raw, ctx) => {
        for (const [id, message] of Object.entries(answerProblems(questions, ticket.id, typedAnswers(asked, raw)))) {
          ctx.addIssue({ code: 'custom', path: [id], message });
        }
      })
      .transform((raw) => typedAnswers(asked, raw))
      // Not yet in the form (drawn before its first render): judged as unanswered, never skipped.
      .prefault({})
  );
}

/** The trimmed name typed for a team, or ''. */
const nameOf = (names: Readonly<Record<string, unknown>>, key: string) => {
  const name = names[key];
  return typeof name === 'string' ? name.trim() : '';
};

const TEAM_NAME_MAX = 100;

/**
 * The teams' names, each message on its team's name: a name is required and short enough
 * (teamProblems, which also holds a team to its size, which the form itself keeps), and two teams
 * of one ticket type may not share one, as create-order would count them as one team.
 */
function teamsSchemaFor(slots: readonly SlotRule[], duplicateTeamName: string) {
  const rules = teamRulesOf(slots.map((slot) => slot.ticket));
  return answerRecord()
    .superRefine((names, ctx) => {
      const said = new Set<string>();
      const say = (key: string, message: string) => {
        if (said.has(key)) return;
        said.add(key);
        ctx.addIssue({ code: 'custom', path: [key], message });
      };
      // Each team by its form key, so a team is never merged with another by its name here.
      const attendees = slots.map((slot) => ({
        ticketId: slot.ticket.id,
        team: slot.team && nameOf(names, slot.team.key) ? slot.team.key : undefined,
      }));
      for (const [path, message] of Object.entries(teamProblems(attendees, rules))) {
        const team = slots[Number(path.split('.')[0])]?.team;
        if (team) say(team.key, message);
      }
      const named = new Map<string, string>();
      for (const slot of slots) {
        const team = slot.team;
        if (!team || said.has(team.key)) continue;
        const name = nameOf(names, team.key);
        if (name.length > TEAM_NAME_MAX) say(team.key, messageKey('validation.maxChars', { max: TEAM_NAME_MAX }));
        if (!name) continue;
        const sameName = `${slot.ticket.id}|${name.toLowerCase()}`;
        const first = named.get(sameName);
        if (first === undefined) named.set(sameName, team.key);
        else if (first !== team.key) say(team.key, duplicateTeamName);
      }
    })
    .prefault({});
}

/**
 * The whole form: `{ buyer, business?, attendees: { [slot key]: details }, answers: { [slot key]: answers },
 * teams: { [team key]: name } }`. `business` (a GSTIN for a tax invoice, decision 031) is in the
 * form only while its section is open, judged by the contract's own schema. Attendees are keyed by slot, not listed, so a form removed by a
 * smaller quantity takes nobody else's values with it; a removed slot's values are not in the
 * schema and so not in its output.
 */
export function checkoutFormSchema(slots: readonly SlotRule[], event: EventRules) {
  // An empty object schema of the contract's own zod: the storefront carries no zod of its own.
  const object = buyerSchema.pick({});
  const modes = fieldModesOf(event.participantFields);
  const questions = event.questions ?? [];
  const attendees = Object.fromEntries(slots.map((slot) => [slot.key, attendeeSchemaFor(slot.ticket, event.date, modes)]));
  const answers = Object.fromEntries(slots.map((slot) => [slot.key, answersSchemaFor(slot.ticket, questions)]));
  return object
    .extend({
      buyer: buyerSchema,
      business: buyerBusinessSchema.optional(),
      attendees: object.extend(attendees),
      answers: object.extend(answers).prefault({}),
      teams: teamsSchemaFor(slots, event.duplicateTeamName),
      guardians: guardianFormRecordSchema,
      privacyConsent: event.registers === false ? consentNotAskedSchema : privacyConsentSchema,
    })
    .superRefine((form, ctx) => {
      // A child on the event day comes with a parent or guardian's consent (decision 030).
      for (const slot of event.registers === false ? [] : slots) {
        const born = form.attendees[slot.key]?.dateOfBirth;
        if (!born || !isCalendarDate(born) || !isChildOn(born, event.date)) continue;
        const parsed = guardianSchema.safeParse(form.guardians[slot.key] ?? {});
        if (parsed.success) continue;
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: ['guardians', slot.key, ...issue.path.map(String)], message: issue.message });
        }
      }
    });
}

export type CheckoutFormSchema = ReturnType<typeof checkoutFormSchema>;
