// One attendee of an order as the console shows them (decision 021): their name, their place in
// the order, their answers, and the order's other attendees found by its booking reference.
import type { AnswerValue, Registration } from '@tdk/api/contract';

/** 'Asha Rao', or '' when nothing was recorded (an attendee migrated from a group registration). */
export const attendeeName = (r: Pick<Registration, 'participantInfo'>): string =>
  `${r.participantInfo.firstName} ${r.participantInfo.lastName}`.trim();

/** '2 of 3' for an order of several; nothing for an order of one. */
export const positionText = (r: Pick<Registration, 'position' | 'orderSize'>): string | null =>
  r.orderSize > 1 ? `${r.position} of ${r.orderSize}` : null;

/** An answer as words: lists joined, yes/no for a tick box, '–' for nothing given. */
export function answerText(value: AnswerValue | null | undefined): string {
  if (value === null || value === undefined) return '–';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '–';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = String(value).trim();
  return text || '–';
}

/** The attendee's answers, in the order they were given, as question and words. */
export const answerRows = (answers: Registration['answers'] | undefined): { question: string; text: string }[] =>
  Object.entries(answers ?? {}).map(([question, value]) => ({ question, text: answerText(value) }));

/**
 * The order's other attendees among a search by its booking reference: the search is a contains
 * over registration numbers, so it is held to the very reference here, by position.
 */
export const otherAttendees = (found: readonly Registration[], current: Registration): Registration[] =>
  found
    .filter((r) => r.bookingReference === current.bookingReference && r.id !== current.id)
    .sort((a, b) => a.position - b.position);
