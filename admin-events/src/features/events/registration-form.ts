// The event form's "Registration form" section (issue 23): which built-in fields an event asks and
// the staff's own questions, as the form holds them. The rules and their messages are the
// contract's (eventQuestionSchema); this file only shapes and reorders what the form holds.
import { MAX_QUESTIONS, type EventQuestion, type FieldMode, type ParticipantField, type QuestionKind } from '@tdk/api/contract';

export const KIND_LABELS: Record<QuestionKind, string> = {
  shortText: 'Short answer',
  longText: 'Long answer',
  number: 'Number',
  date: 'Date',
  singleChoice: 'One of several choices',
  multipleChoice: 'Any of several choices',
  yesNo: 'Yes / no (or a waiver)',
};

export const FIELD_LABELS: Record<ParticipantField, string> = {
  tshirtSize: 'T-shirt size',
  bloodGroup: 'Blood group',
  emergencyContact: 'Emergency contact',
  medicalConditions: 'Medical conditions',
  experience: 'Experience',
};

export const MODE_LABELS: Record<FieldMode, string> = {
  required: 'Required',
  optional: 'Optional',
  hidden: 'Hidden',
};

/** A question as the form holds it: every field present; `id` only once the API has given one. */
export interface QuestionDraft {
  id?: string;
  kind: QuestionKind;
  label: string;
  helpText: string;
  required: boolean;
  options: string[];
  waiverText: string;
  ticketIds: number[];
}

export const isChoiceKind = (kind: QuestionKind) => kind === 'singleChoice' || kind === 'multipleChoice';

/** A new question: a short answer, optional, asked of every ticket type. */
export const blankQuestion = (): QuestionDraft => ({
  kind: 'shortText',
  label: '',
  helpText: '',
  required: false,
  options: [],
  waiverText: '',
  ticketIds: [],
});

/** A stored question in the form, its id kept so its answers stay attached to it. */
export const draftOf = (question: EventQuestion): QuestionDraft => ({
  id: question.id,
  kind: question.kind,
  label: question.label,
  helpText: question.helpText,
  required: question.required,
  options: [...question.options],
  waiverText: question.waiverText,
  ticketIds: [...question.ticketIds],
});

/**
 * The question as another kind: a choice kind starts with two empty choices (or keeps its own), any
 * other kind has none; only a yes/no question keeps a waiver text. So nothing the new kind does not
 * show is sent or judged.
 */
export function withKind(question: QuestionDraft, kind: QuestionKind): QuestionDraft {
  return {
    ...question,
    kind,
    options: isChoiceKind(kind) ? (question.options.length > 0 ? question.options : ['', '']) : [],
    waiverText: kind === 'yesNo' ? question.waiverText : '',
  };
}

/** The list with the item at `from` moved to `to` (both within the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The list without the item at `index`. */
export const without = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

/** The chosen ticket types with `ticketId` ticked or unticked, in ascending order. */
export function withTicket(ticketIds: readonly number[], ticketId: number, ticked: boolean): number[] {
  const rest = ticketIds.filter((id) => id !== ticketId);
  return (ticked ? [...rest, ticketId] : rest).sort((a, b) => a - b);
}

export const canAddQuestion = (count: number) => count < MAX_QUESTIONS;
