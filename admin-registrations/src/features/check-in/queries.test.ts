import { describe, expect, it } from 'vitest';
import { gateOrder } from './queries';

describe('gateOrder', () => {
  it("puts today's events first, then the coming ones soonest first, then the past latest first", () => {
    const events = ['2026-11-20', '2026-12-01', '2026-11-23', '2026-11-25', '2026-10-01'].map((date) => ({ date, title: date }));
    expect(events.sort(gateOrder('2026-11-23')).map((e) => e.date)).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-12-01',
      '2026-11-20',
      '2026-10-01',
    ]);
  });
});
