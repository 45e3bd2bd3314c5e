import { describe, expect, it } from 'vitest';
import { eligibilityProblem } from './eligibility';
import { ageOn } from './registration';

const halfMarathon = { name: 'Half Marathon', minAge: 18, maxAge: null, gender: null } as const;

describe('eligibility on the event day', () => {
  it('counts whole years, a birthday on the day counting', () => {
    expect(ageOn('2009-01-12', '2027-01-12')).toBe(18);
    expect(ageOn('2009-01-13', '2027-01-12')).toBe(17);
    expect(ageOn('2008-02-29', '2027-02-28')).toBe(18);
  });

  it('admits an attendee who turns 18 on the event day and refuses one who turns 18 the day after', () => {
    expect(eligibilityProblem(halfMarathon, { dateOfBirth: '2009-01-12', gender: 'female' }, '2027-01-12')).toBeUndefined();
    expect(eligibilityProblem(halfMarathon, { dateOfBirth: '2009-01-13', gender: 'female' }, '2027-01-12')).toEqual({
      field: 'dateOfBirth',
      message: 'validation.minimumAgeOn?ticket=Half+Marathon&min=18&date=12+January+2027',
    });
  });

  it('refuses an attendee past the maximum age and one of the wrong gender', () => {
    const juniorGirls = { name: 'Junior Girls', minAge: null, maxAge: 14, gender: 'female' } as const;
    expect(eligibilityProblem(juniorGirls, { dateOfBirth: '2012-01-11', gender: 'female' }, '2027-01-12')?.field).toBe(
      'dateOfBirth',
    );
    expect(eligibilityProblem(juniorGirls, { dateOfBirth: '2013-01-12', gender: 'female' }, '2027-01-12')).toBeUndefined();
    expect(eligibilityProblem(juniorGirls, { dateOfBirth: '2013-01-12', gender: 'male' }, '2027-01-12')).toEqual({
      field: 'gender',
      message: 'validation.categoryFor.female?ticket=Junior+Girls',
    });
  });
});
