import { describe, expect, it } from 'vitest';
import { hasEventEnded, indiaToday } from './event-dates';

describe('indiaToday', () => {
  it("is India's calendar day, which starts 5½ hours before UTC's", () => {
    expect(indiaToday(new Date('2026-03-01T18:29:00Z'))).toBe('2026-03-01');
    expect(indiaToday(new Date('2026-03-01T18:30:00Z'))).toBe('2026-03-02');
  });
});

describe('hasEventEnded', () => {
  const now = new Date('2026-03-10T06:00:00Z'); // 11:30 in India on 10 March

  it('keeps an event open through the whole of its day', () => {
    expect(hasEventEnded({ date: '2026-03-10', status: 'Active' }, now)).toBe(false);
    expect(hasEventEnded({ date: '2026-03-11', status: 'Upcoming' }, now)).toBe(false);
  });

  it('has ended once its day is past, whatever its status says', () => {
    expect(hasEventEnded({ date: '2026-03-09', status: 'Active' }, now)).toBe(true);
  });

  it('has ended when marked Completed, even on a later date', () => {
    expect(hasEventEnded({ date: '2026-04-01', status: 'Completed' }, now)).toBe(true);
  });
});
