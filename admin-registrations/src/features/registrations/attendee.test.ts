import { describe, expect, it } from 'vitest';
import { aRegistration } from '@tdk/shared-ui/testing';
import { answerRows, answerText, attendeeName, otherAttendees, positionText } from './attendee';

describe('an attendee in the console', () => {
  it('names the attendee, or nothing when no name was recorded', () => {
    expect(attendeeName(aRegistration())).toBe('Asha Rao');
    const blank = { ...aRegistration().participantInfo, firstName: '', lastName: ' ' };
    expect(attendeeName(aRegistration({ participantInfo: blank }))).toBe('');
  });

  it('says the place in an order of several, and nothing for an order of one', () => {
    expect(positionText({ position: 2, orderSize: 3 })).toBe('2 of 3');
    expect(positionText({ position: 1, orderSize: 1 })).toBeNull();
  });

  it('reads every kind of answer', () => {
    expect(answerText('Pune Striders')).toBe('Pune Striders');
    expect(answerText(42)).toBe('42');
    expect(answerText(0)).toBe('0');
    expect(answerText(true)).toBe('Yes');
    expect(answerText(false)).toBe('No');
    expect(answerText(['Vegetarian', 'No nuts'])).toBe('Vegetarian, No nuts');
    expect(answerText([])).toBe('–');
    expect(answerText('  ')).toBe('–');
    expect(answerText(undefined)).toBe('–');
    expect(answerRows({ club: 'Pune Striders', firstRace: false })).toEqual([
      { question: 'club', text: 'Pune Striders' },
      { question: 'firstRace', text: 'No' },
    ]);
    expect(answerRows(undefined)).toEqual([]);
  });

  it("keeps only the order's other attendees out of a contains search, by position", () => {
    const order = (id: number, reference: string, position: number) =>
      aRegistration({ id, bookingReference: reference, registrationNumber: `${reference}0${position}`, position, orderSize: 3 });
    const current = order(2, 'REGABC', 2);
    const found = [order(3, 'REGABC', 3), current, order(9, 'REGABCD', 1), order(1, 'REGABC', 1)];
    expect(otherAttendees(found, current).map((r) => r.id)).toEqual([1, 3]);
  });
});
