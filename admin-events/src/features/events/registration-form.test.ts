import { describe, expect, it } from 'vitest';
import { MAX_QUESTIONS } from '@tdk/api/contract';
import { blankQuestion, canAddQuestion, draftOf, moved, withKind, withTicket, without } from './registration-form';

describe('a question changing kind', () => {
  it('starts a choice question with two empty choices', () => {
    expect(withKind(blankQuestion(), 'singleChoice').options).toEqual(['', '']);
  });

  it('keeps its choices between the two choice kinds, and drops them for any other kind', () => {
    const single = { ...withKind(blankQuestion(), 'singleChoice'), options: ['S', 'M', 'L'] };
    expect(withKind(single, 'multipleChoice').options).toEqual(['S', 'M', 'L']);
    expect(withKind(single, 'shortText').options).toEqual([]);
  });

  it('keeps a waiver text only as a yes/no question', () => {
    const waiver = { ...withKind(blankQuestion(), 'yesNo'), waiverText: 'I run at my own risk' };
    expect(withKind(waiver, 'yesNo').waiverText).toBe('I run at my own risk');
    expect(withKind(waiver, 'longText').waiverText).toBe('');
  });
});

describe('a stored question in the form', () => {
  it('keeps its id and copies its lists', () => {
    const stored = {
      id: 'ab12cd34',
      kind: 'singleChoice' as const,
      label: 'Pace group',
      helpText: '',
      required: true,
      options: ['5:00', '6:00'],
      waiverText: '',
      ticketIds: [3],
    };
    const draft = draftOf(stored);
    expect(draft).toEqual(stored);
    expect(draft.options).not.toBe(stored.options);
  });
});

describe('the question list', () => {
  it('moves an item up and down, and ignores a move off either end', () => {
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });

  it('removes one item', () => {
    expect(without(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it(`takes up to ${MAX_QUESTIONS} questions`, () => {
    expect(canAddQuestion(MAX_QUESTIONS - 1)).toBe(true);
    expect(canAddQuestion(MAX_QUESTIONS)).toBe(false);
  });
});

describe('the ticket types a question is asked of', () => {
  it('ticks and unticks one, in ascending order without repeats', () => {
    expect(withTicket([7], 3, true)).toEqual([3, 7]);
    expect(withTicket([3, 7], 3, true)).toEqual([3, 7]);
    expect(withTicket([3, 7], 7, false)).toEqual([3]);
  });
});
