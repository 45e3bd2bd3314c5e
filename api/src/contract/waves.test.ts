import { describe, expect, it } from 'vitest';
import type { AnswerValue } from './types';
import { formatWaves, parseWaves, waveOf, wavesSchema, type StartWave } from './waves';

const WAVES: StartWave[] = [
  { name: 'Wave A', start: '06:00', upTo: '0:50:00' },
  { name: 'Wave B', start: '06:15', upTo: '1:05:00' },
  { name: 'Wave C', start: '06:30', upTo: null },
];
const race = { waves: WAVES, waveQuestionId: 'q_finish' };
const runner = (answer?: string, waveOverride: string | null = null) => ({
  waveOverride,
  answers: (answer === undefined ? {} : { q_finish: answer }) as Record<string, AnswerValue>,
});

describe('waveOf', () => {
  it('puts a finish exactly on a bound in that wave, a second slower in the next', () => {
    expect(waveOf(runner('0:50:00'), race)).toEqual({ name: 'Wave A', start: '06:00', byHand: false });
    expect(waveOf(runner('0:50:01'), race)?.name).toBe('Wave B');
    expect(waveOf(runner('1:05:00'), race)?.name).toBe('Wave B');
    expect(waveOf(runner('1:05:01'), race)?.name).toBe('Wave C');
    expect(waveOf(runner('45:00'), race)?.name).toBe('Wave A');
  });

  it('sends a missing or unreadable answer, or a race without a question, to the last wave', () => {
    expect(waveOf(runner(), race)?.name).toBe('Wave C');
    expect(waveOf(runner('about an hour'), race)?.name).toBe('Wave C');
    expect(waveOf(runner('0:40:00'), { waves: WAVES, waveQuestionId: null })?.name).toBe('Wave C');
  });

  it('takes the hand assignment over the derived wave, and ignores one naming no wave of the race', () => {
    expect(waveOf(runner('0:40:00', 'Wave C'), race)).toEqual({ name: 'Wave C', start: '06:30', byHand: true });
    expect(waveOf(runner('0:40:00', 'Wave Z'), race)?.name).toBe('Wave A');
  });

  it('gives no wave when the race has none', () => {
    expect(waveOf(runner('0:40:00', 'Wave A'), { waves: null, waveQuestionId: 'q_finish' })).toBeUndefined();
    expect(waveOf(runner('0:40:00'), { waves: [], waveQuestionId: 'q_finish' })).toBeUndefined();
    expect(waveOf(runner('0:40:00'), undefined)).toBeUndefined();
  });

  it('puts a fast runner whose every wave is bounded but too slow for all of them in the last', () => {
    const bounded = [
      { name: 'A', start: '06:00', upTo: '0:50:00' },
      { name: 'B', start: '06:10', upTo: '1:00:00' },
    ];
    expect(waveOf(runner('2:00:00'), { waves: bounded, waveQuestionId: 'q_finish' })?.name).toBe('B');
  });
});

describe('wavesSchema', () => {
  const problem = (waves: unknown) => {
    const parsed = wavesSchema.safeParse(waves);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  it('takes ordered waves, none, or null', () => {
    expect(problem(WAVES)).toBeUndefined();
    expect(problem([])).toBeUndefined();
    expect(problem(null)).toBeUndefined();
  });

  it('refuses a name twice, an unreadable time, bounds out of order and starts out of order', () => {
    expect(problem([WAVES[0], { ...WAVES[1], name: 'wave a' }])).toBe('Wave wave a is named twice');
    expect(problem([{ ...WAVES[0], start: '6.00' }])).toBe('Wave start must be a time like 06:15');
    expect(problem([{ ...WAVES[0], start: '24:00' }])).toBe('Wave start must be a time like 06:15');
    expect(problem([{ ...WAVES[0], upTo: 'fifty' }])).toBe("Wave Wave A's finish time must read like 0:50:00");
    expect(problem([WAVES[1], { ...WAVES[0], start: '06:20' }])).toBe(
      "Wave Wave A's finish time must be slower than the wave before",
    );
    expect(problem([WAVES[0], { ...WAVES[1], start: '05:50' }])).toBe('Wave Wave B starts before Wave A');
    expect(problem([WAVES[2], { ...WAVES[0], start: '06:40' }])).toBe(
      'Wave Wave C has no finish time, so only waves without one may follow it',
    );
    expect(problem([{ ...WAVES[0], name: '  ' }])).toBe('Wave name is required');
  });
});

describe('parseWaves and formatWaves', () => {
  it('reads one wave a line and writes it back the same', () => {
    const text = 'Wave A, 06:00, 0:50:00\nWave B, 6:15, 1:05:00\n\nWave C, 06:30';
    expect(parseWaves(text)).toEqual(WAVES);
    expect(formatWaves(WAVES)).toBe('Wave A, 06:00, 0:50:00\nWave B, 06:15, 1:05:00\nWave C, 06:30');
    expect(parseWaves('')).toEqual([]);
  });

  it('says what is wrong with a line', () => {
    expect(parseWaves('Wave A')).toEqual({ problem: 'Write each wave as name, start, finish time: “Wave A” is not' });
    expect(parseWaves('Wave A, noon')).toEqual({ problem: "Wave Wave A's start must be a time like 06:15" });
  });
});
