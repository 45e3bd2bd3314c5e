import { describe, expect, it } from 'vitest';
import type { Registration } from '@tdk/api/contract';
import { aRegistration } from '@tdk/shared-ui/testing';
import {
  attendeeState,
  choiceFromEntries,
  choiceFromRegistrations,
  refusedOnSync,
  withOutcome,
  type GateAttendee,
} from './gate-answer';

const person = (position: number, change: Partial<Registration> = {}) =>
  aRegistration({
    registrationNumber: `REGFAM0${position}`,
    bookingReference: 'REGFAM',
    position,
    orderSize: 3,
    participantInfo: { ...aRegistration().participantInfo, firstName: `Runner`, lastName: String(position) },
    ...change,
  });

const waiting: GateAttendee = {
  registrationNumber: 'REGFAM01',
  name: 'Runner 1',
  ticketName: 'General',
  status: 'Confirmed',
  paymentStatus: 'Paid',
  checkInTime: null,
  gate: null,
};

describe("an order's attendees at the gate", () => {
  it("lists the server's attendees by position, with their check-in", () => {
    const choice = choiceFromRegistrations('REGFAM', [
      person(2, { checkInTime: '2026-11-23T04:40:00.000Z', checkInGate: 'Gate 2', status: 'Checked-In' }),
      person(1),
    ]);
    expect(choice).toMatchObject({ tone: 'choose', bookingReference: 'REGFAM', offline: false });
    expect(choice.attendees).toEqual([
      { ...waiting },
      {
        ...waiting,
        registrationNumber: 'REGFAM02',
        name: 'Runner 2',
        status: 'Checked-In',
        checkInTime: '2026-11-23T04:40:00.000Z',
        gate: 'Gate 2',
      },
    ]);
  });

  it("lists the device's entries as they are, offline", () => {
    const choice = choiceFromEntries('REGFAM', [{ ...waiting, code: 'TDK-REGFAM01-5-sig', bookingReference: 'REGFAM' }]);
    expect(choice).toEqual({ tone: 'choose', bookingReference: 'REGFAM', offline: true, attendees: [waiting] });
  });

  it('says who can still be admitted', () => {
    expect(attendeeState(waiting)).toBe('waiting');
    expect(attendeeState({ ...waiting, checkInTime: '2026-11-23T04:40:00.000Z' })).toBe('in');
    expect(attendeeState({ ...waiting, status: 'Cancelled' })).toBe('cancelled');
    expect(attendeeState({ ...waiting, paymentStatus: 'Pending' })).toBe('unpaid');
    expect(attendeeState({ ...waiting, outcome: { tone: 'amber', message: 'Already checked in at 10:10 am' } })).toBe('already');
    expect(attendeeState({ ...waiting, outcome: { tone: 'red', message: 'No network' } })).toBe('waiting');
  });

  it('marks the one attendee admitted, or what stopped them, and leaves the others', () => {
    const choice = choiceFromEntries('REGFAM', [
      { ...waiting, code: 'a', bookingReference: 'REGFAM' },
      { ...waiting, registrationNumber: 'REGFAM02', code: 'b', bookingReference: 'REGFAM' },
    ]);
    const green = withOutcome(choice, 'REGFAM02', {
      tone: 'green',
      name: 'Runner 2',
      ticketName: 'General',
      registrationNumber: 'REGFAM02',
      checkInTime: '2026-11-23T05:00:00.000Z',
      gate: 'Gate 1',
      offline: true,
    });
    expect(green.attendees[0]).toEqual(choice.attendees[0]);
    expect(green.attendees[1]).toMatchObject({
      status: 'Checked-In',
      checkInTime: '2026-11-23T05:00:00.000Z',
      gate: 'Gate 1',
      outcome: { tone: 'green', offline: true },
    });
    const red = withOutcome(choice, 'REGFAM01', { tone: 'red', message: 'This ticket is not paid' });
    expect(red.attendees[0]).toMatchObject({ checkInTime: null, outcome: { tone: 'red', message: 'This ticket is not paid' } });
    expect(withOutcome(choice, 'REGFAM01', choice)).toEqual(choice);
  });
});

describe('a sync the server refused', () => {
  const refused = new Map([['REGA01', 'This ticket was refunded']]);
  const admittedHere = {
    tone: 'green' as const,
    name: 'Kavya Menon',
    ticketName: 'General',
    registrationNumber: 'REGA01',
    checkInTime: '2026-11-28T04:00:00.000Z',
    gate: 'Gate 1',
    offline: true,
  };

  it("turns an offline admission red with the reason; the server's own admissions and other tickets stay", () => {
    expect(refusedOnSync(admittedHere, refused)).toEqual({ tone: 'red', message: 'This ticket was refunded' });
    expect(refusedOnSync({ ...admittedHere, offline: false }, refused)).toEqual({ ...admittedHere, offline: false });
    expect(refusedOnSync({ ...admittedHere, registrationNumber: 'REGB01' }, refused)).toMatchObject({ tone: 'green' });
    expect(refusedOnSync(null, refused)).toBeNull();
  });

  it("marks the refused attendee of a booking's list, unadmitted", () => {
    const choice = {
      tone: 'choose' as const,
      bookingReference: 'REGA',
      offline: true,
      attendees: [
        {
          registrationNumber: 'REGA01',
          name: 'Kavya',
          ticketName: 'General',
          status: 'Confirmed',
          paymentStatus: 'Paid',
          checkInTime: 'x',
          gate: 'Gate 1',
          outcome: { tone: 'green' as const, message: '', offline: true },
        },
        {
          registrationNumber: 'REGA02',
          name: 'Ravi',
          ticketName: 'General',
          status: 'Confirmed',
          paymentStatus: 'Paid',
          checkInTime: null,
          gate: null,
        },
      ],
    };
    const after = refusedOnSync(choice, refused);
    expect(
      after?.tone === 'choose' &&
        after.attendees.map((a) => [a.checkInTime, a.outcome?.tone ?? null, a.outcome?.message ?? null]),
    ).toEqual([
      [null, 'red', 'This ticket was refunded'],
      [null, null, null],
    ]);
  });
});
