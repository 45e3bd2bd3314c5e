import { describe, expect, it } from 'vitest';
import { CHECK_IN_REFUSALS, KIT_AUTHORISATION_REFUSALS, type CheckInListEntry } from '@tdk/api/contract';
import { admitted, attendance, indexList, judgeLocally, syncBatches, type GateEntry } from './offline-judge';

const entry = (number: string, change: Partial<CheckInListEntry> = {}): CheckInListEntry => ({
  code: `TDK-${number}-7-AbC_dEf-12`,
  registrationNumber: number,
  name: 'Kavya Menon',
  bookingReference: number,
  ticketName: 'General',
  status: 'Confirmed',
  paymentStatus: 'Paid',
  checkInTime: null,
  gate: null,
  ...change,
});

const list = {
  eventId: 7,
  eventDate: '2026-11-23',
  entries: [
    entry('REG1'),
    entry('REG2', { status: 'Cancelled' }),
    entry('REG3', { paymentStatus: 'Pending', status: 'Pending' }),
    entry('REG4', { status: 'Checked-In', checkInTime: '2026-11-23T04:30:00.000Z', gate: 'North Gate' }),
    // An order of three (listed out of order), and an order of one whose ticket number is not its reference.
    entry('REGFAM03', { bookingReference: 'REGFAM', name: 'Ira Menon', ticketName: 'Kids 2K' }),
    entry('REGFAM01', { bookingReference: 'REGFAM' }),
    entry('REGFAM02', {
      bookingReference: 'REGFAM',
      name: 'Arjun Menon',
      status: 'Checked-In',
      checkInTime: '2026-11-23T04:40:00.000Z',
      gate: 'Gate 2',
    }),
    entry('REGSOLO01', { bookingReference: 'REGSOLO', name: 'Dev Shah' }),
  ],
};
const index = indexList(list);
const TODAY = '2026-11-23';

describe('judgeLocally', () => {
  it('admits a paid, confirmed ticket of the event by its QR value from the camera, or by its number when staff chose it', () => {
    expect(judgeLocally(index, 'TDK-REG1-7-AbC_dEf-12', TODAY)).toMatchObject({
      kind: 'admit',
      entry: { registrationNumber: 'REG1' },
    });
    for (const code of ['reg1', ' REG1 ']) {
      expect(judgeLocally(index, code, TODAY, 'chosen')).toMatchObject({ kind: 'admit', entry: { registrationNumber: 'REG1' } });
    }
  });

  it('leaves a kit authorisation to the server, on every list: whether it was used is known there only (decision 069)', () => {
    for (const listId of ['kit', 'entry']) {
      expect(judgeLocally(index, 'TDK-KIT-17-Ab3dEf9hIj', TODAY, 'scan', listId)).toEqual({
        kind: 'refuse',
        reason: KIT_AUTHORISATION_REFUSALS.offline,
      });
    }
  });

  it('refuses a printed code or a bare number from the camera as forged (issue 28)', () => {
    for (const code of ['TDK-REG1-7', 'reg1', 'REG1', 'REGFAM']) {
      expect(judgeLocally(index, code, TODAY)).toEqual({ kind: 'refuse', reason: CHECK_IN_REFUSALS.forged });
    }
  });

  it('answers a ticket already in with its first time and gate', () => {
    expect(judgeLocally(index, 'TDK-REG4-7-AbC_dEf-12', TODAY)).toEqual({
      kind: 'duplicate',
      entry: list.entries[3],
      checkInTime: '2026-11-23T04:30:00.000Z',
      gate: 'North Gate',
    });
  });

  it('refuses what the list does not vouch for', () => {
    const reason = (code: string, today = TODAY, how: GateEntry = 'chosen') => {
      const verdict = judgeLocally(index, code, today, how);
      return verdict.kind === 'refuse' ? verdict.reason : verdict.kind;
    };
    // Right shape, wrong signature: not in the list, so not ours.
    expect(reason('TDK-REG1-7-XXXXXXXXXX', TODAY, 'scan')).toBe(CHECK_IN_REFUSALS.forged);
    expect(reason('TDK-REG1-7-AbC-dEf-12-more', TODAY, 'scan')).toBe(CHECK_IN_REFUSALS.forged);
    expect(reason('TDK-REG1-8-AbC_dEf-12', TODAY, 'scan')).toBe(CHECK_IN_REFUSALS.otherEvent);
    expect(reason('REG999')).toBe(CHECK_IN_REFUSALS.unknown);
    expect(reason('REG2')).toBe(CHECK_IN_REFUSALS.cancelled);
    expect(reason('REG3')).toBe(CHECK_IN_REFUSALS.unpaid);
    expect(reason('REG1', '2026-11-24')).toBe(CHECK_IN_REFUSALS.notToday);
    // A refunded ticket (decision 022) says so, not merely cancelled.
    const refunded = indexList({ ...list, entries: [entry('REGR1', { status: 'Cancelled', paymentStatus: 'Refunded' })] });
    expect(judgeLocally(refunded, 'REGR1', TODAY, 'chosen')).toEqual({ kind: 'refuse', reason: CHECK_IN_REFUSALS.refunded });
  });

  it('answers amber on this device once it admitted the ticket itself', () => {
    const after = indexList({ ...list, entries: [admitted(list.entries[0]!, '2026-11-23T05:00:00.000Z', 'Gate 2')] });
    expect(judgeLocally(after, 'TDK-REG1-7-AbC_dEf-12', TODAY)).toMatchObject({ kind: 'duplicate', gate: 'Gate 2' });
  });
});

describe('judgeLocally, given a typed booking reference or ticket number', () => {
  it('of an order of three: admits nobody and lists its attendees to choose from, by ticket number', () => {
    for (const code of ['REGFAM', ' regfam ', 'TDK-REGFAM-7', 'REGFAM03']) {
      const verdict = judgeLocally(index, code, TODAY, 'typed');
      expect(verdict.kind).toBe('choose');
      if (verdict.kind !== 'choose') continue;
      expect(verdict.bookingReference).toBe('REGFAM');
      expect(verdict.entries.map((each) => [each.registrationNumber, each.name, each.checkInTime])).toEqual([
        ['REGFAM01', 'Kavya Menon', null],
        ['REGFAM02', 'Arjun Menon', '2026-11-23T04:40:00.000Z'],
        ['REGFAM03', 'Ira Menon', null],
      ]);
    }
    // Each is then admitted by its own ticket number, as staff choose them.
    expect(judgeLocally(index, 'REGFAM03', TODAY, 'chosen')).toMatchObject({ kind: 'admit', entry: { name: 'Ira Menon' } });
    expect(judgeLocally(index, 'REGFAM02', TODAY, 'chosen')).toMatchObject({ kind: 'duplicate', gate: 'Gate 2' });
  });

  it('of an order of one: lists its attendee too, for staff to admit', () => {
    for (const code of ['REGSOLO', 'REGSOLO01']) {
      expect(judgeLocally(index, code, TODAY, 'typed')).toMatchObject({
        kind: 'choose',
        bookingReference: 'REGSOLO',
        entries: [{ registrationNumber: 'REGSOLO01' }],
      });
    }
    expect(judgeLocally(index, 'REGSOLO01', '2026-11-24', 'chosen')).toEqual({
      kind: 'refuse',
      reason: CHECK_IN_REFUSALS.notToday,
    });
  });

  it('that the list does not hold: no ticket; from a list kept before references, the ticket alone', () => {
    expect(judgeLocally(index, 'REGNONE', TODAY, 'typed')).toEqual({ kind: 'refuse', reason: CHECK_IN_REFUSALS.unknown });
    const old = indexList({
      ...list,
      entries: list.entries.map(({ bookingReference: _, ...rest }) => rest as CheckInListEntry),
    });
    expect(judgeLocally(old, 'REGFAM', TODAY, 'typed')).toEqual({ kind: 'refuse', reason: CHECK_IN_REFUSALS.unknown });
    expect(judgeLocally(old, 'REGFAM01', TODAY, 'typed')).toMatchObject({
      kind: 'choose',
      entries: [{ registrationNumber: 'REGFAM01' }],
    });
  });
});

describe('attendance', () => {
  it('counts people: each paid, not cancelled attendee, and those of them already in', () => {
    expect(attendance(list.entries)).toEqual({ checkedIn: 2, confirmed: 6 });
  });
});

describe('syncBatches', () => {
  it('sends each event and list apart, at most the batch size at a time, in scan order', () => {
    const scan = (eventId: number, listedAt: string, n: number) => ({ eventId, listedAt, n });
    const queue = [scan(7, 'a', 1), scan(8, 'a', 2), scan(7, 'a', 3), scan(7, 'b', 4), scan(7, 'a', 5)];
    expect(syncBatches(queue, 2).map((batch) => batch.map((s) => s.n))).toEqual([[1, 3], [5], [2], [4]]);
  });
});
