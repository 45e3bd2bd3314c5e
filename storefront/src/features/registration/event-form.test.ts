import { describe, expect, it } from 'vitest';
import { answerProblems, questionsFor, type EventQuestion } from '@tdk/api/contract';
import { askedQuestions, emptyAnswers, fieldMode, isShown, typedAnswers } from './event-form';

const q = (id: string, kind: EventQuestion['kind'], overrides: Partial<EventQuestion> = {}): EventQuestion => ({
  id,
  kind,
  label: id,
  helpText: '',
  required: false,
  options: [],
  waiverText: '',
  ticketIds: [],
  ...overrides,
});

describe('askedQuestions', () => {
  it("asks each ticket type the questions the contract's questionsFor gives it", () => {
    const questions = [
      q('all', 'shortText'),
      q('relay', 'shortText', { ticketIds: [7] }),
      q('both', 'date', { ticketIds: [3, 7] }),
    ];
    for (const ticketId of [3, 7, 8]) expect(askedQuestions(questions, ticketId)).toEqual(questionsFor(questions, ticketId));
    expect(askedQuestions(undefined, 3)).toEqual([]);
  });
});

describe('typedAnswers', () => {
  const questions = [
    q('club', 'shortText'),
    q('goal', 'longText'),
    q('pace', 'number'),
    q('since', 'date'),
    q('wave', 'singleChoice', { options: ['A', 'B'] }),
    q('food', 'multipleChoice', { options: ['Veg', 'Jain'] }),
    q('bus', 'yesNo'),
  ];

  it('starts every question unanswered, as its input holds it', () => {
    expect(emptyAnswers(questions)).toEqual({ club: '', goal: '', pace: '', since: '', wave: '', food: [], bus: false });
  });

  it('sends text trimmed, numbers as numbers, choices as a list and a yes/no as true or false, nothing empty', () => {
    expect(
      typedAnswers(questions, {
        club: '  Striders ',
        goal: '',
        pace: '42',
        since: '2020-01-05',
        wave: 'A',
        food: ['Jain'],
        bus: true,
        stale: 'not asked',
      }),
    ).toEqual({ club: 'Striders', pace: 42, since: '2020-01-05', wave: 'A', food: ['Jain'], bus: true });
    expect(typedAnswers(questions, emptyAnswers(questions))).toEqual({ bus: false });
  });

  it('leaves a number that is not one for the contract to refuse', () => {
    const pace = [q('pace', 'number', { required: true })];
    expect(answerProblems(pace, 1, typedAnswers(pace, { pace: 'fast' }))).toEqual({ pace: 'validation.answerNumber' });
  });
});

describe('fieldMode', () => {
  it("reads the event's mode of each built-in field, the emergency phone with its contact", () => {
    const modes = {
      tshirtSize: 'required',
      bloodGroup: 'hidden',
      emergencyContact: 'hidden',
      medicalConditions: 'optional',
      experience: 'optional',
    } as const;
    expect(fieldMode(modes, 'tshirtSize')).toBe('required');
    expect(fieldMode(modes, 'emergencyPhone')).toBe('hidden');
    expect(isShown(modes, 'bloodGroup')).toBe(false);
    expect(fieldMode(modes, 'fullName')).toBeUndefined();
    expect(fieldMode({}, 'experience')).toBe('optional');
  });
});
