// Questions per event (issue 23): staff ask their own questions of every attendee, or of chosen
// ticket types, and choose which built-in fields to ask. One set of rules serves the event form,
// the checkout form and create-order, so an answer is judged the same everywhere.
import { z } from 'zod';
import { plainText } from './registration';
import { isCalendarDate } from './registration';
import { messageKey } from './validation-messages';
import type { AnswerValue } from './types';
import {
  FIELD_MODES,
  MAX_QUESTIONS,
  PARTICIPANT_FIELDS,
  QUESTION_KINDS,
  questionsFor,
  type EventQuestion,
  type ParticipantField,
  type ParticipantFieldModes,
} from './question-rules';

export * from './question-rules';

const QUESTION_ID = /^[a-z0-9]{1,12}$/;

/** A question in the event form (the API assigns ids to new ones). */
export const eventQuestionSchema = z
  .object({
    id: z.string().regex(QUESTION_ID, 'Invalid question id').optional(),
    kind: z.enum(QUESTION_KINDS, { error: 'Choose the kind of question' }),
    label: plainText('Question is required')
      .trim()
      .min(1, { error: 'Question is required', abort: true })
      .max(200, 'Question must be at most 200 characters'),
    helpText: plainText().trim().max(500, 'Help text must be at most 500 characters').default(''),
    required: z.boolean().default(false),
    options: z
      .array(plainText().trim().min(1, 'A choice cannot be empty').max(100, 'A choice must be at most 100 characters'))
      .max(50, 'At most 50 choices')
      .default([]),
    waiverText: plainText().trim().max(5000, 'Waiver text must be at most 5000 characters').default(''),
    ticketIds: z.array(z.number().int().positive()).max(50).default([]),
  })
  .superRefine((q, ctx) => {
    const choices = q.kind === 'singleChoice' || q.kind === 'multipleChoice';
    if (choices && q.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Give at least two choices' });
    if (choices && new Set(q.options).size !== q.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Each choice may appear once' });
    }
  });
export type EventQuestionInput = z.input<typeof eventQuestionSchema>;

export const eventQuestionsSchema = z.array(eventQuestionSchema).max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`);

export const participantFieldModesSchema = z
  .object(
    Object.fromEntries(PARTICIPANT_FIELDS.map((f) => [f, z.enum(FIELD_MODES).optional()])) as Record<
      ParticipantField,
      z.ZodOptional<z.ZodEnum<{ required: 'required'; optional: 'optional'; hidden: 'hidden' }>>
    >,
  )
  .strict();

const isBlank = (value: AnswerValue | undefined) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Why one answer will not do, as a validation message; undefined when it will. */
export function answerProblem(question: EventQuestion, value: AnswerValue | undefined): string | undefined {
  if (isBlank(value) || (question.kind === 'yesNo' && question.required && value === false)) {
    if (!question.required) return undefined;
    return question.kind === 'yesNo' && question.waiverText ? 'validation.waiverRequired' : 'validation.answerRequired';
  }
  switch (question.kind) {
    case 'shortText':
      return typeof value === 'string' && value.length <= 200 ? undefined : messageKey('validation.maxChars', { max: 200 });
    case 'longText':
      return typeof value === 'string' && value.length <= 2000 ? undefined : messageKey('validation.maxChars', { max: 2000 });
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'validation.answerNumber';
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? undefined : 'validation.answerDate';
    case 'singleChoice':
      return typeof value === 'string' && question.options.includes(value) ? undefined : 'validation.choiceInvalid';
    case 'multipleChoice':
      return Array.isArray(value) && value.every((v) => question.options.includes(v)) && new Set(value).size === value.length
        ? undefined
        : 'validation.choiceInvalid';
    case 'yesNo':
      return typeof value === 'boolean' ? undefined : 'validation.choiceInvalid';
  }
}

/**
 * The problems of one attendee's answers, by question id: a missing required answer, a value of the
 * wrong kind, a choice not on the list, and an answer to a question this attendee is not asked.
 */
export function answerProblems(
  questions: EventQuestion[],
  ticketId: number,
  answers: Record<string, AnswerValue> | undefined,
): Record<string, string> {
  const asked = questionsFor(questions, ticketId);
  const problems: Record<string, string> = {};
  for (const question of asked) {
    const problem = answerProblem(question, answers?.[question.id]);
    if (problem) problems[question.id] = problem;
  }
  for (const id of Object.keys(answers ?? {})) {
    if (!asked.some((q) => q.id === id)) problems[id] = 'validation.questionUnknown';
  }
  return problems;
}

/** The built-in fields an event requires that an attendee left empty, as field → message. */
export function participantFieldProblems(
  modes: ParticipantFieldModes,
  participant: {
    tshirtSize?: string;
    bloodGroup?: string;
    emergencyContact?: string;
    emergencyPhone?: string;
    medicalConditions?: string;
    experience?: string;
  },
): Record<string, string> {
  const problems: Record<string, string> = {};
  const need = (field: keyof typeof participant, message: string) => {
    if (!participant[field]?.trim()) problems[field] = message;
  };
  if (modes.tshirtSize === 'required') need('tshirtSize', 'validation.tshirtSizeRequired');
  if (modes.bloodGroup === 'required') need('bloodGroup', 'validation.bloodGroupRequired');
  if (modes.emergencyContact === 'required') {
    need('emergencyContact', 'validation.emergencyContactRequired');
    need('emergencyPhone', 'validation.emergencyPhoneRequired');
  }
  if (modes.medicalConditions === 'required') need('medicalConditions', 'validation.medicalConditionsRequired');
  if (modes.experience === 'required') need('experience', 'validation.experienceRequired');
  return problems;
}
