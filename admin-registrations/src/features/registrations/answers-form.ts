// An attendee's answers in the Edit Registration form (issue 23): one input per question asked of
// their ticket type, pre-filled from what they answered, and sent back as the contract's answers.
//
// The form holds each answer under `q_{question id}`, never the bare id: react-hook-form reads a
// name such as `answers.20240101` as an array index, and an id may be all digits.
import { questionsFor, type AnswerValue, type EventQuestion, type QuestionKind } from '@tdk/api/contract';

export type FormAnswers = Record<string, AnswerValue>;

/** The form's name for a question's answer (inside `answers`). */
export const answerKey = (questionId: string): string => `q_${questionId}`;

/** The empty answer of each kind of question, as its input holds it. */
export const blankAnswer = (kind: QuestionKind): AnswerValue => (kind === 'multipleChoice' ? [] : kind === 'yesNo' ? false : '');

/**
 * A stored answer as the question's input can show it: text for text and dates, a number, a choice
 * that is still among the options (a choice staff have since renamed is left unanswered), a tick.
 */
export function formAnswer(question: EventQuestion, stored: AnswerValue | undefined): AnswerValue {
  if (stored === undefined) return blankAnswer(question.kind);
  switch (question.kind) {
    case 'shortText':
    case 'longText':
    case 'date':
      return typeof stored === 'string' ? stored : typeof stored === 'number' ? String(stored) : '';
    case 'number': {
      if (typeof stored === 'number') return stored;
      const n = typeof stored === 'string' && stored.trim() !== '' ? Number(stored) : Number.NaN;
      return Number.isFinite(n) ? n : '';
    }
    case 'singleChoice':
      return typeof stored === 'string' && question.options.includes(stored) ? stored : '';
    case 'multipleChoice': {
      const ticked = Array.isArray(stored) ? stored : typeof stored === 'string' ? [stored] : [];
      return question.options.filter((option) => ticked.includes(option));
    }
    case 'yesNo':
      return stored === true;
  }
}

/** The form's answers for the questions asked of this ticket type, pre-filled from the stored ones. */
export function initialFormAnswers(
  questions: EventQuestion[],
  ticketId: number | null,
  stored: FormAnswers | undefined,
): FormAnswers {
  return Object.fromEntries(questionsFor(questions, ticketId ?? 0).map((q) => [answerKey(q.id), formAnswer(q, stored?.[q.id])]));
}

const isBlank = (value: AnswerValue | undefined) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * The answers as the API takes them, by question id: those of the questions asked of this ticket
 * type only, with an empty text, number, date or choice left out (the question is then unanswered).
 * A yes/no is always sent, unticked as No. Text is trimmed.
 */
export function answersToSend(questions: EventQuestion[], ticketId: number | null, form: FormAnswers | undefined): FormAnswers {
  const answers: FormAnswers = {};
  for (const question of questionsFor(questions, ticketId ?? 0)) {
    const value = form?.[answerKey(question.id)];
    if (isBlank(value)) continue;
    answers[question.id] = typeof value === 'string' ? value.trim() : (value as AnswerValue);
  }
  return answers;
}

/**
 * The stored answers the form will not send back: answers to questions the event no longer asks of
 * this ticket type. Saving drops them (the API refuses an answer to a question it does not ask).
 */
export const droppedAnswerIds = (
  questions: EventQuestion[],
  ticketId: number | null,
  stored: FormAnswers | undefined,
): string[] => {
  const asked = new Set(questionsFor(questions, ticketId ?? 0).map((q) => q.id));
  return Object.keys(stored ?? {}).filter((id) => !asked.has(id));
};

/** An API field name ('answers.club', 'bib') as the form names it ('answers.q_club', 'bib'). */
export const formFieldOf = (apiField: string): string =>
  apiField.startsWith('answers.') ? `answers.${answerKey(apiField.slice('answers.'.length))}` : apiField;

/** The API's 409 for a bib another attendee of the event holds: 'Bib 1005 is already Asha Rao's'. */
export const isBibTakenMessage = (message: string): boolean => /^Bib \d+ is already /.test(message);
