// The Edit Registration form's rules, fetched with zod when the form first validates (decision 016):
// the contract's updateRegistrationSchema, and the attendee's answers judged as checkout and the
// API judge them (answerProblems, for the attendee's ticket type), each message on its question.
import { answerProblems, checkoutAttendeeSchema, updateRegistrationSchema, type EventQuestion } from '@tdk/api/contract';
import { answerKey, answersToSend } from './answers-form';

/**
 * `questions` null: the event's questions are not known (they could not be loaded), so the answers
 * are neither judged nor sent.
 */
export function editRegistrationSchema(questions: EventQuestion[] | null, ticketId: number | null) {
  // The contract's own answers record (as create-order takes it; updateRegistrationSchema is gaining the same).
  const answers = checkoutAttendeeSchema.shape.answers.superRefine((form, ctx) => {
    if (!questions) return;
    const problems = answerProblems(questions, ticketId ?? 0, answersToSend(questions, ticketId, form));
    for (const [id, message] of Object.entries(problems)) {
      ctx.addIssue({ code: 'custom', path: [answerKey(id)], message });
    }
  });
  return updateRegistrationSchema.extend({ answers });
}

export type EditRegistrationSchema = ReturnType<typeof editRegistrationSchema>;
