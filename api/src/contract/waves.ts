// Start waves (issue 43, decision 068): per race (a ticket type) the organiser gives an ordered list
// of waves, each with a name, a start time (HH:MM, India's wall clock on the event day) and
// optionally the slowest expected finish that belongs in it ("Wave A up to 0:50:00"). A runner's
// wave is derived from their answer to the question the organiser names (expected finish time), or
// set by hand by staff: only the hand override is stored (`registrations.wave_override`).
import { z } from 'zod';
import { parseRaceTime } from './race-times';
import type { AnswerValue } from './types';

export interface StartWave {
  name: string;
  /** "06:15": India time on the event day. */
  start: string;
  /** The slowest expected finish ("0:50:00") that belongs in this wave; null: open (the last wave). */
  upTo: string | null;
}

/** A runner's wave as the API shows it: which, when, and whether staff set it by hand. */
export interface AssignedWave {
  name: string;
  start: string;
  byHand: boolean;
}

export const MAX_WAVES = 26;
const START = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The problem with a list of waves (a name twice, bounds not increasing, an open bound not last), or undefined. */
export function wavesProblem(waves: readonly StartWave[]): string | undefined {
  const names = new Set<string>();
  let previousBound: number | undefined;
  for (const [i, wave] of waves.entries()) {
    const key = wave.name.trim().toLowerCase();
    if (names.has(key)) return `Wave ${wave.name.trim()} is named twice`;
    names.add(key);
    const previous = waves[i - 1];
    if (previous && wave.start < previous.start) return `Wave ${wave.name.trim()} starts before ${previous.name.trim()}`;
    if (wave.upTo === null) {
      if (i < waves.length - 1 && waves.slice(i + 1).some((w) => w.upTo !== null))
        return `Wave ${wave.name.trim()} has no finish time, so only waves without one may follow it`;
      continue;
    }
    const bound = parseRaceTime(wave.upTo);
    if (bound === undefined) return `Wave ${wave.name.trim()}'s finish time must read like 0:50:00`;
    if (previousBound !== undefined && bound <= previousBound)
      return `Wave ${wave.name.trim()}'s finish time must be slower than the wave before`;
    previousBound = bound;
  }
  return undefined;
}

/** The form's and the API's waves: ordered, names unique, times readable (null or [] means none). */
export const wavesSchema = z
  .array(
    z.object({
      name: z
        .string({ error: 'Wave name is required' })
        .trim()
        .min(1, 'Wave name is required')
        .max(40, 'Wave name must be at most 40 characters'),
      start: z.string({ error: 'Wave start must be a time like 06:15' }).regex(START, 'Wave start must be a time like 06:15'),
      upTo: z
        .string({ error: 'Wave finish time must read like 0:50:00' })
        .trim()
        .nullable()
        .transform((v) => (v ? v : null)),
    }),
    { error: 'Waves must be a list' },
  )
  .max(MAX_WAVES, `At most ${MAX_WAVES} waves`)
  .superRefine((waves, ctx) => {
    const problem = wavesProblem(waves);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable()
  .optional();

/** The question (by id) whose answer is the runner's expected finish time; null: waves are given by hand only. */
export const waveQuestionIdSchema = z
  .string({ error: 'Wave question must be one of the event’s questions' })
  .max(64, 'Wave question must be one of the event’s questions')
  .nullable()
  .optional();

/** Staff's hand assignment: PUT /api/admin/registrations/:id/wave. null clears it (the derived wave stands). */
export const waveOverrideSchema = z.object({
  wave: z
    .string({ error: 'Wave must be one of the race’s waves' })
    .trim()
    .min(1, 'Wave must be one of the race’s waves')
    .nullable(),
});
export type WaveOverrideInput = z.infer<typeof waveOverrideSchema>;

/** The wave a finish time (tenths) belongs in: the first whose bound it is within; unbounded or too slow: the last. */
function waveForTime(waves: readonly StartWave[], tenths: number | undefined): StartWave {
  if (tenths !== undefined) {
    for (const wave of waves) {
      if (wave.upTo === null) return wave;
      const bound = parseRaceTime(wave.upTo);
      if (bound !== undefined && tenths <= bound) return wave;
    }
  }
  return waves[waves.length - 1]!;
}

/**
 * A runner's wave: staff's hand assignment when it names one of the race's waves, else derived from
 * their answer to the wave question (exactly on a bound belongs in that wave; a missing or unreadable
 * answer, or no question, goes to the last wave). undefined when the race has no waves.
 */
export function waveOf(
  attendee: { waveOverride: string | null; answers: Record<string, AnswerValue> | null | undefined },
  race: { waves: readonly StartWave[] | null | undefined; waveQuestionId: string | null | undefined } | undefined,
): AssignedWave | undefined {
  const waves = race?.waves;
  if (!waves || waves.length === 0) return undefined;
  if (attendee.waveOverride) {
    const hand = waves.find((w) => w.name === attendee.waveOverride);
    if (hand) return { name: hand.name, start: hand.start, byHand: true };
  }
  const answer = race.waveQuestionId ? attendee.answers?.[race.waveQuestionId] : undefined;
  const tenths = typeof answer === 'string' ? parseRaceTime(answer) : undefined;
  const wave = waveForTime(waves, tenths);
  return { name: wave.name, start: wave.start, byHand: false };
}

/** "Wave A · 06:15" as the ticket, the gate and the start list show it. */
export const waveLabel = (wave: AssignedWave | undefined): string => (wave ? `${wave.name} · ${wave.start}` : '');

/** Waves as staff type them, one a line: "Wave A, 06:00, 0:50:00" (no third part: open). */
export function parseWaves(text: string): StartWave[] | { problem: string } {
  const waves: StartWave[] = [];
  for (const line of text.split(/\n/)) {
    if (!line.trim()) continue;
    const parts = line.split(',').map((p) => p.trim());
    if (parts.length < 2 || parts.length > 3 || !parts[0])
      return { problem: `Write each wave as name, start, finish time: “${line.trim()}” is not` };
    const start = parts[1]!.padStart(5, '0');
    if (!START.test(start)) return { problem: `Wave ${parts[0]}'s start must be a time like 06:15` };
    waves.push({ name: parts[0], start, upTo: parts[2] ? parts[2] : null });
  }
  const problem = wavesProblem(waves);
  return problem ? { problem } : waves;
}

/** The waves as the form's text shows them. */
export const formatWaves = (waves: readonly StartWave[] | null | undefined): string =>
  (waves ?? []).map((w) => [w.name, w.start, ...(w.upTo ? [w.upTo] : [])].join(', ')).join('\n');
