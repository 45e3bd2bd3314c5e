import { describe, expect, it } from 'vitest';
import { emailBreakPoints } from './breakable-email';

describe('emailBreakPoints', () => {
  it("breaks after the '@' and each dot, keeping every character", () => {
    const email = 'registrations.team@tdksports.co.in';
    expect(emailBreakPoints(email)).toEqual(['registrations.', 'team@', 'tdksports.', 'co.', 'in']);
    expect(emailBreakPoints(email).join('')).toBe(email);
  });

  it('leaves an address without a dot in one piece but for its @', () => {
    expect(emailBreakPoints('a@b')).toEqual(['a@', 'b']);
  });
});
