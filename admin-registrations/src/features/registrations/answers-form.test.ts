import { describe, expect, it } from 'vitest';
import type { EventQuestion } from '@tdk/api/contract';
import {
  answersToSend,
  blankAnswer,
  droppedAnswerIds,
  formAnswer,
  formFieldOf,
  initialFormAnswers,
  isBibTakenMessage,
} from './answers-form';

const question = (change: Partial<EventQuestion> & Pick<EventQuestion, 'id' | 'kind'>): EventQuestion => ({
  label: change.id,
  helpText: '',
  required: false,
  options: [],
  waiverText: '',
  ticketIds: [],
  ...change,
});
const club = question({ id: 'club', kind: 'shortText' });
const pace = question({ id: '20240101', kind: 'number' });
const size = question({ id: 'size', kind: 'singleChoice', options: ['S', 'M', 'L'] });
const diet = question({ id: 'diet', kind: 'multipleChoice', options: ['Vegetarian', 'Vegan', 'No nuts'] });
const waiver = question({ id: 'waiver', kind: 'yesNo', required: true, waiverText: 'I run at my own risk.' });
/** Asked of the 21K (ticket 7) only. */
const corral = question({ id: 'corral', kind: 'shortText', ticketIds: [7] });
const QUESTIONS = [club, pace, size, diet, waiver, corral];

describe("an attendee's answers in the edit form", () => {
  it('holds each answer under a name react-hook-form cannot take for an index', () => {
    expect(Object.keys(initialFormAnswers(QUESTIONS, 3, {}))).toEqual(['q_club', 'q_20240101', 'q_size', 'q_diet', 'q_waiver']);
    expect(formFieldOf('answers.20240101')).toBe('answers.q_20240101');
    expect(formFieldOf('bib')).toBe('bib');
  });

  it("pre-fills the questions asked of the attendee's ticket type from what they answered", () => {
    expect(
      initialFormAnswers(QUESTIONS, 7, {
        club: 'Pune Striders',
        20240101: 5.5,
        diet: ['No nuts', 'Vegan'],
        waiver: true,
        corral: 'B',
      }),
    ).toEqual({
      q_club: 'Pune Striders',
      q_20240101: 5.5,
      q_size: '',
      q_diet: ['Vegan', 'No nuts'],
      q_waiver: true,
      q_corral: 'B',
    });
  });

  it('shows a stored answer of another shape as the input can hold it', () => {
    expect(blankAnswer('multipleChoice')).toEqual([]);
    expect(blankAnswer('yesNo')).toBe(false);
    expect(formAnswer(club, 42)).toBe('42');
    expect(formAnswer(pace, '6')).toBe(6);
    expect(formAnswer(pace, 'fast')).toBe('');
    // A choice staff have since renamed is unanswered, not shown as something it is not.
    expect(formAnswer(size, 'XL')).toBe('');
    expect(formAnswer(diet, 'Vegan')).toEqual(['Vegan']);
    expect(formAnswer(waiver, 'yes')).toBe(false);
  });

  it('sends the answers by question id, the empty ones left out and a yes/no always', () => {
    const form = { q_club: '  Pune Striders ', q_20240101: '', q_size: 'M', q_diet: [], q_waiver: false, q_corral: 'B' };
    expect(answersToSend(QUESTIONS, 3, form)).toEqual({ club: 'Pune Striders', size: 'M', waiver: false });
    expect(answersToSend(QUESTIONS, 7, form)).toEqual({ club: 'Pune Striders', size: 'M', waiver: false, corral: 'B' });
    expect(answersToSend(QUESTIONS, null, undefined)).toEqual({});
  });

  it('names the stored answers saving will drop: questions no longer asked of this ticket type', () => {
    expect(droppedAnswerIds(QUESTIONS, 3, { club: 'x', corral: 'B', retired: 'y' })).toEqual(['corral', 'retired']);
    expect(droppedAnswerIds(QUESTIONS, 7, { club: 'x', corral: 'B' })).toEqual([]);
  });

  it("knows the API's answer for a bib another attendee holds", () => {
    expect(isBibTakenMessage("Bib 1005 is already Asha Rao's")).toBe(true);
    expect(isBibTakenMessage('Someone else saved this registration after you opened it.')).toBe(false);
  });
});
