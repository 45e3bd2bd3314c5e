// What an event asks of its attendees (issue 23), without zod: the kinds of question, the built-in
// fields and their modes, and which questions a ticket type is asked. The event page draws its forms
// from these at first render; questions.ts holds the rules that judge the answers.

export const QUESTION_KINDS = ['shortText', 'longText', 'number', 'date', 'singleChoice', 'multipleChoice', 'yesNo'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const MAX_QUESTIONS = 30;

/** One of an event's questions, as staff wrote it and checkout shows it. */
export interface EventQuestion {
  /** Stable while the question exists: answers are kept by it. */
  id: string;
  kind: QuestionKind;
  label: string;
  helpText: string;
  required: boolean;
  /** The choices of a single or multiple choice question. */
  options: string[];
  /** A yes/no question that is a waiver: its text, shown above the box to tick. */
  waiverText: string;
  /** Asked of these ticket types only; empty asks every attendee. */
  ticketIds: number[];
}

/** The built-in participant fields an event may ask, make optional, or hide. */
export const PARTICIPANT_FIELDS = ['tshirtSize', 'bloodGroup', 'emergencyContact', 'medicalConditions', 'experience'] as const;
export type ParticipantField = (typeof PARTICIPANT_FIELDS)[number];
export const FIELD_MODES = ['required', 'optional', 'hidden'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];
export type ParticipantFieldModes = Record<ParticipantField, FieldMode>;

/**
 * What an event asks when staff chose nothing: an emergency contact always; health details (blood
 * group, medical conditions) only when staff ask for them, with the reason (decision 030); the rest
 * if the attendee wishes.
 */
export const DEFAULT_FIELD_MODES: ParticipantFieldModes = {
  tshirtSize: 'optional',
  bloodGroup: 'hidden',
  emergencyContact: 'required',
  medicalConditions: 'hidden',
  experience: 'optional',
};

export const fieldModesOf = (stored: Partial<ParticipantFieldModes> | null | undefined): ParticipantFieldModes => ({
  ...DEFAULT_FIELD_MODES,
  ...stored,
});

/** The questions an attendee holding `ticketId` is asked, in order. */
export const questionsFor = (questions: readonly EventQuestion[], ticketId: number) =>
  questions.filter((q) => q.ticketIds.length === 0 || q.ticketIds.includes(ticketId));
