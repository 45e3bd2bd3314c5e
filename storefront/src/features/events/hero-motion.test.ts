import { describe, expect, it } from 'vitest';
import { heroVideoAllowed } from './hero-motion';

describe('heroVideoAllowed', () => {
  it('plays only when neither reduced motion nor Save-Data is asked for', () => {
    expect(heroVideoAllowed({ reducedMotion: false, saveData: false })).toBe(true);
    expect(heroVideoAllowed({ reducedMotion: true, saveData: false })).toBe(false);
    expect(heroVideoAllowed({ reducedMotion: false, saveData: true })).toBe(false);
  });
});
