import { describe, expect, it } from 'vitest';
import type { QueueStatusResponse } from '@tdk/api/contract';
import { countdownParts, nextPollMs, queueStage } from './queue-view';

const base: QueueStatusResponse = {
  eventId: 1,
  state: 'open',
  onSaleAt: '2030-01-01T04:30:00.000Z',
  place: 'waiting',
  position: 12,
  ahead: 11,
  inLine: 40,
  estimatedWaitMinutes: 3,
  ratePerMinute: 5,
  seatsLeft: 8,
  entryToken: null,
  entryExpiresAt: null,
  retryAfterMs: 5000,
};

describe('the waiting page', () => {
  it('shows the position, the people ahead, the wait and the seats left while in line', () => {
    expect(queueStage(base)).toEqual({ kind: 'waiting', position: 12, ahead: 11, minutes: 3, seatsLeft: 8, paused: false });
    expect(queueStage({ ...base, state: 'paused', estimatedWaitMinutes: null })).toMatchObject({
      kind: 'waiting',
      paused: true,
      minutes: null,
    });
  });

  it('counts down before the on-sale, and says the order is being drawn once it passed', () => {
    const before = { ...base, state: 'before' as const, position: null, ahead: null };
    expect(queueStage(before, Date.parse('2030-01-01T04:00:00Z'))).toEqual({
      kind: 'countdown',
      onSaleAt: base.onSaleAt,
      inLine: 40,
      joined: true,
    });
    expect(queueStage(before, Date.parse('2030-01-01T04:31:00Z'))).toEqual({ kind: 'opening' });
    expect(countdownParts(base.onSaleAt!, Date.parse('2029-12-30T02:29:50Z'))).toEqual({
      days: 2,
      hours: 2,
      minutes: 0,
      seconds: 10,
    });
    expect(countdownParts(base.onSaleAt!, Date.parse('2031-01-01T00:00:00Z'))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
  });

  it("says it is the browser's turn with its pass, that a pass lapsed, and sold out for now or for good", () => {
    expect(
      queueStage({ ...base, place: 'admitted', position: null, entryToken: 'x', entryExpiresAt: '2030-01-01T04:40:00.000Z' }),
    ).toEqual({
      kind: 'turn',
      expiresAt: '2030-01-01T04:40:00.000Z',
    });
    expect(queueStage({ ...base, place: 'expired', position: null })).toEqual({ kind: 'expired' });
    expect(queueStage({ ...base, state: 'sold_out' })).toEqual({ kind: 'sold_out', final: false });
    expect(queueStage({ ...base, state: 'closed', place: 'none' })).toEqual({ kind: 'sold_out', final: true });
    expect(queueStage({ ...base, state: 'off' })).toEqual({ kind: 'none' });
    expect(queueStage(undefined)).toEqual({ kind: 'none' });
  });

  it('asks again after the hint, spread by a fifth either way', () => {
    expect(nextPollMs(base, 0)).toBe(4000);
    expect(nextPollMs(base, 0.5)).toBe(5000);
    expect(nextPollMs(base, 0.999999)).toBe(6000);
    expect(nextPollMs(undefined, 0.5)).toBe(5000);
  });
});
