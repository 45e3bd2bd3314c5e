// What an event asks of each attendee (issue 23): its own questions for their ticket type, and which
// of the built-in fields it shows, required or optional. Zod-free: the event page draws the forms
// from these at its first render. The contract's zod-free question-rules.ts says what is asked; its rules (questions.ts) judge the
// answers in checkout-schema.ts, loaded with the first validation; only its types are named here.
import {
  fieldModesOf,
  questionsFor,
  type AnswerValue,
  type EventQuestion,
  type FieldMode,
  type ParticipantField,
  type ParticipantFieldModes,
} from '@tdk/api/contract';
import type { AttendeeField } from './attendee-slots';

/** The questions an attendee holding `ticketId` is asked, in order (the contract's zod-free rule). */
export const askedQuestions = (questions: readonly EventQuestion[] | undefined, ticketId: number): EventQuestion[] =>
  questionsFor(questions ?? [], ticketId);

/** A single choice of more choices than this is a select; of this many or fewer, radios. */
export const MAX_RADIO_CHOICES = 5;

/** One answer as the form holds it: the text of an input, a ticked box, the boxes ticked. */
export type RawAnswer = string | boolean | string[];

/** An unanswered question: nothing typed, nothing ticked. */
export function emptyAnswer(question: Pick<EventQuestion, 'kind'>): RawAnswer {
  if (question.kind === 'multipleChoice') return [];
  if (question.kind === 'yesNo') return false;
  return '';
}

/** One attendee's unanswered questions, by question id. */
export const emptyAnswers = (questions: readonly EventQuestion[]): Record<string, RawAnswer> =>
  Object.fromEntries(questions.map((question) => [question.id, emptyAnswer(question)]));

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/**
 * The answers create-order takes from what the form holds, for the questions asked only: text
 * trimmed, a number as a number, the choices ticked as a list, a yes/no as true or false (an
 * unticked box says no). An answer left empty is left out, so an optional question unanswered is
 * not sent; a number that is not one stays NaN for the rules to refuse, and is never sent.
 */
export function typedAnswers(
  questions: readonly EventQuestion[],
  raw: Readonly<Record<string, unknown>> | undefined,
): Record<string, AnswerValue> {
  const answers: Record<string, AnswerValue> = {};
  for (const question of questions) {
    const value = raw?.[question.id];
    switch (question.kind) {
      case 'yesNo':
        answers[question.id] = value === true;
        break;
      case 'multipleChoice': {
        const ticked = Array.isArray(value) ? value.filter((choice): choice is string => typeof choice === 'string') : [];
        if (ticked.length > 0) answers[question.id] = ticked;
        break;
      }
      case 'number': {
        const typed = text(value);
        if (typed) answers[question.id] = Number(typed);
        break;
      }
      default: {
        const typed = text(value);
        if (typed) answers[question.id] = typed;
      }
    }
  }
  return answers;
}

/** The built-in fields an event decides on, and whose mode decides each: the emergency phone goes with its contact. */
const DECIDED_BY: Partial<Record<AttendeeField, ParticipantField>> = {
  tshirtSize: 'tshirtSize',
  bloodGroup: 'bloodGroup',
  emergencyContact: 'emergencyContact',
  emergencyPhone: 'emergencyContact',
  medicalConditions: 'medicalConditions',
  experience: 'experience',
};

/**
 * How the event asks for an attendee's field: 'required', 'optional' or 'hidden'; undefined for the
 * fields every event asks alike (name, e-mail, phone, date of birth, gender). The API sends every
 * mode (fieldModesOf); one it left out reads as optional, and create-order would say otherwise.
 */
export function fieldMode(modes: Partial<ParticipantFieldModes> | undefined, field: AttendeeField): FieldMode | undefined {
  const decidedBy = DECIDED_BY[field];
  return decidedBy ? fieldModesOf(modes)[decidedBy] : undefined;
}

export const isShown = (modes: Partial<ParticipantFieldModes> | undefined, field: AttendeeField) =>
  fieldMode(modes, field) !== 'hidden';
