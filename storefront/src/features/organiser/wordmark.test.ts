import { describe, expect, it } from 'vitest';
import { initials } from './wordmark';

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Mumbai Road Runners')).toBe('MR');
    expect(initials('  pune   trail collective ')).toBe('PT');
    expect(initials('Kabaddi')).toBe('K');
  });

  it('keeps a Devanagari letter whole, and is empty for no name', () => {
    expect(initials('पुणे धावपटू')).toBe('पध');
    expect(initials('')).toBe('');
  });
});
