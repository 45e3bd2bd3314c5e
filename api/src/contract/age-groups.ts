// Age groups (issue 43, decision 063): per ticket type (a race) the organiser gives bands of age on
// the event day ("18–29", "30–39", …, "60+"); an attendee's category is derived from their date of
// birth, the event's date, their gender and those bands, never typed. Stored once, on the ticket
// type (`ticket_types.age_groups`); no bands means DEFAULT_AGE_GROUPS.
import { z } from 'zod';
import { ageOn } from './registration';

/** A band of whole years on the event day: `to` null means "and over". */
export interface AgeGroup {
  from: number;
  to: number | null;
}

/** Used when a race has none of its own: the ten-year bands most Indian road races publish. */
export const DEFAULT_AGE_GROUPS: readonly AgeGroup[] = [
  { from: 0, to: 17 },
  { from: 18, to: 29 },
  { from: 30, to: 39 },
  { from: 40, to: 49 },
  { from: 50, to: 59 },
  { from: 60, to: null },
];

/** An attendee outside every band (a band list with a gap), or without a date of birth. */
export const OPEN_AGE_GROUP = 'Open';

/** "18–29", "60+", "Under 18" for a band starting at 0. */
export function ageGroupLabel(group: AgeGroup): string {
  if (group.to === null) return `${group.from}+`;
  if (group.from === 0) return `Under ${group.to + 1}`;
  return `${group.from}–${group.to}`;
}

/** The problem with a list of bands (overlapping, out of order, a band ending below its start), or undefined. */
export function ageGroupsProblem(groups: readonly AgeGroup[]): string | undefined {
  for (const [i, group] of groups.entries()) {
    if (group.to !== null && group.to < group.from) return `Age group ${ageGroupLabel(group)} ends below its start`;
    const next = groups[i + 1];
    if (!next) continue;
    if (group.to === null) return `Age group ${ageGroupLabel(group)} has no upper age, so it must be the last`;
    if (next.from <= group.to) return `Age groups ${ageGroupLabel(group)} and ${ageGroupLabel(next)} overlap`;
  }
  return undefined;
}

const age = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be at least 0`)
    .max(120, `${label} must be at most 120`);

/** The form's and the API's age groups: bands in increasing order, none overlapping (null or [] means the default). */
export const ageGroupsSchema = z
  .array(z.object({ from: age('First age'), to: age('Last age').nullable() }), { error: 'Age groups must be a list' })
  .max(30, 'At most 30 age groups')
  .superRefine((groups, ctx) => {
    const problem = ageGroupsProblem(groups);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable()
  .optional();

/** The bands a race uses: its own, or the default. */
export const ageGroupsOf = (groups: readonly AgeGroup[] | null | undefined): readonly AgeGroup[] =>
  groups && groups.length > 0 ? groups : DEFAULT_AGE_GROUPS;

/** The band of an age, or undefined when the bands leave it out. */
export function ageGroupFor(age: number, groups: readonly AgeGroup[]): AgeGroup | undefined {
  return groups.find((g) => age >= g.from && (g.to === null || age <= g.to));
}

const GENDER_LETTER: Record<string, string> = { male: 'M', female: 'F', other: 'X' };

/**
 * The category an attendee runs in: the gender's letter and the age band on the event day
 * ("F 30–39", "M 60+"); "Open" (with the letter when known) outside every band or without a date of birth.
 */
export function categoryOf(
  attendee: { dateOfBirth: string | null; gender: string },
  eventDate: string,
  groups: readonly AgeGroup[] | null | undefined,
): string {
  const letter = GENDER_LETTER[attendee.gender];
  const band = attendee.dateOfBirth ? ageGroupFor(ageOn(attendee.dateOfBirth, eventDate), ageGroupsOf(groups)) : undefined;
  const label = band ? ageGroupLabel(band) : OPEN_AGE_GROUP;
  return letter ? `${letter} ${label}` : label;
}

/** The bands as the ticket form writes them: "18-29, 30-39, 60+" (an en dash or a hyphen). */
export const formatAgeGroups = (groups: readonly AgeGroup[] | null | undefined): string =>
  (groups ?? []).map((g) => (g.to === null ? `${g.from}+` : `${g.from}-${g.to}`)).join(', ');

/**
 * The form's text as bands ("18-29, 30-39, 60+"; empty: none, the default), or the words of what
 * cannot be read. Whether they overlap is ageGroupsSchema's to say.
 */
export function parseAgeGroups(text: string): AgeGroup[] | { problem: string } {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const groups: AgeGroup[] = [];
  for (const part of parts) {
    const band = /^(\d{1,3})\s*[-–]\s*(\d{1,3})$/.exec(part);
    const open = /^(\d{1,3})\s*\+$/.exec(part);
    if (band) groups.push({ from: Number(band[1]), to: Number(band[2]) });
    else if (open) groups.push({ from: Number(open[1]), to: null });
    else return { problem: `"${part}" is not an age group: write them like 18-29, 30-39, 60+` };
  }
  return groups;
}
