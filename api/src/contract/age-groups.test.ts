import { describe, expect, it } from 'vitest';
import {
  ageGroupsProblem,
  ageGroupsSchema,
  categoryOf,
  DEFAULT_AGE_GROUPS,
  formatAgeGroups,
  parseAgeGroups,
  type AgeGroup,
} from './age-groups';
import { ageOn } from './registration';

const bands = [
  { from: 18, to: 29 },
  { from: 30, to: 39 },
  { from: 40, to: 49 },
  { from: 50, to: 59 },
  { from: 60, to: null },
];

describe('age on the event day', () => {
  it('turns a year older on the birthday itself, not the day before', () => {
    expect(ageOn('1996-01-19', '2026-01-19')).toBe(30);
    expect(ageOn('1996-01-20', '2026-01-19')).toBe(29);
    expect(ageOn('1996-12-31', '2027-01-01')).toBe(30);
  });

  it('counts a 29 February birthday on 1 March in a common year, and on the day in a leap year', () => {
    expect(ageOn('1996-02-29', '2026-02-28')).toBe(29);
    expect(ageOn('1996-02-29', '2026-03-01')).toBe(30);
    expect(ageOn('1996-02-29', '2028-02-29')).toBe(32);
  });
});

describe('categories from age groups', () => {
  it('puts a runner in the band of their age on the event day, by gender', () => {
    expect(categoryOf({ dateOfBirth: '1996-01-19', gender: 'female' }, '2026-01-19', bands)).toBe('F 30–39');
    expect(categoryOf({ dateOfBirth: '1996-01-20', gender: 'female' }, '2026-01-19', bands)).toBe('F 18–29');
    expect(categoryOf({ dateOfBirth: '1966-02-28', gender: 'male' }, '2026-02-28', bands)).toBe('M 60+');
    expect(categoryOf({ dateOfBirth: '1966-03-01', gender: 'male' }, '2026-02-28', bands)).toBe('M 50–59');
    expect(categoryOf({ dateOfBirth: '1996-02-29', gender: 'other' }, '2026-02-28', bands)).toBe('X 18–29');
  });

  it('says Open for an age outside every band or no date of birth, and uses the default bands when the race has none', () => {
    expect(categoryOf({ dateOfBirth: '2010-05-01', gender: 'male' }, '2026-01-19', bands)).toBe('M Open');
    expect(categoryOf({ dateOfBirth: null, gender: 'female' }, '2026-01-19', bands)).toBe('F Open');
    expect(categoryOf({ dateOfBirth: '2010-05-01', gender: 'male' }, '2026-01-19', null)).toBe('M Under 18');
    expect(categoryOf({ dateOfBirth: '1980-05-01', gender: '' }, '2026-01-19', [])).toBe('40–49');
    expect(DEFAULT_AGE_GROUPS.at(-1)).toEqual({ from: 60, to: null });
  });

  it('refuses overlapping bands, bands out of order and an open band before the last', () => {
    expect(ageGroupsProblem(bands)).toBeUndefined();
    expect(
      ageGroupsProblem([
        { from: 18, to: 30 },
        { from: 30, to: 39 },
      ]),
    ).toBe('Age groups 18–30 and 30–39 overlap');
    expect(
      ageGroupsProblem([
        { from: 30, to: 39 },
        { from: 18, to: 29 },
      ]),
    ).toBe('Age groups 30–39 and 18–29 overlap');
    expect(
      ageGroupsProblem([
        { from: 60, to: null },
        { from: 70, to: 79 },
      ]),
    ).toMatch(/must be the last/);
    expect(ageGroupsProblem([{ from: 40, to: 30 }])).toMatch(/ends below its start/);
    expect(
      ageGroupsSchema.safeParse([
        { from: 18, to: 30 },
        { from: 30, to: null },
      ]).success,
    ).toBe(false);
    expect(ageGroupsSchema.safeParse(bands).success).toBe(true);
    expect(ageGroupsSchema.safeParse(null).success).toBe(true);
  });
});

describe('age groups as the ticket form writes them', () => {
  it('reads "18-29, 30–39, 60+" and writes it back', () => {
    expect(parseAgeGroups('18-29, 30–39, 60+')).toEqual([
      { from: 18, to: 29 },
      { from: 30, to: 39 },
      { from: 60, to: null },
    ]);
    expect(parseAgeGroups('  ')).toEqual([]);
    expect(formatAgeGroups(parseAgeGroups('18-29,60+') as AgeGroup[])).toBe('18-29, 60+');
  });

  it('says which part it cannot read', () => {
    expect(parseAgeGroups('18-29, thirties')).toEqual({
      problem: '"thirties" is not an age group: write them like 18-29, 30-39, 60+',
    });
  });
});
