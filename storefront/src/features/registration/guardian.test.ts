import { describe, expect, it } from 'vitest';
import { guardianOf, needsGuardian } from './guardian';

describe('guardianOf', () => {
  const guardians = { a: { name: 'Asha Rao', relation: 'parent', phone: '98765 43210', consent: true } };

  it('needs a guardian under 18 on the event day, to the day', () => {
    expect(needsGuardian('2012-01-16', '2030-01-15')).toBe(true);
    expect(needsGuardian('2012-01-15', '2030-01-15')).toBe(false);
    expect(needsGuardian('', '2030-01-15')).toBe(false);
    expect(needsGuardian('2012-02-30', '2030-01-15')).toBe(false);
  });

  it('sends a child’s guardian, and none for an adult', () => {
    expect(guardianOf({ attendees: { a: { dateOfBirth: '2015-06-21' } }, guardians }, 'a', '2030-01-15')).toEqual(guardians.a);
    expect(guardianOf({ attendees: { a: { dateOfBirth: '1990-06-21' } }, guardians }, 'a', '2030-01-15')).toBeUndefined();
  });
});
