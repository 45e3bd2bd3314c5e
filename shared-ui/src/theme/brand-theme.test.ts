import { describe, expect, it } from 'vitest';
import { brandTheme, contrastWithWhite, readableOnWhite } from './brand-theme';
import { theme } from './theme';

const designed = { primary: '#FF6B35', secondary: '#2563EB' };

describe('brandTheme', () => {
  it('keeps the designed theme for the default colours', () => {
    expect(brandTheme(theme, designed, designed)).toBe(theme);
  });

  it('takes a new primary, with text and button shades darkened to 4.5:1 on white', () => {
    const green = brandTheme(theme, { primary: '#22C55E', secondary: '#2563EB' }, designed);
    expect(green.colors.primary).toBe('#22C55E');
    expect(green.colors.focus).toBe('#22C55E');
    expect(contrastWithWhite(green.colors.primaryStrong)).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite(green.colors.primaryText)).toBeGreaterThanOrEqual(4.5);
    expect(green.colors.secondary).toBe(theme.colors.secondary);
  });

  it('leaves a colour that already reads well as it is', () => {
    expect(readableOnWhite('#1D4ED8')).toBe('#1D4ED8');
    expect(contrastWithWhite('#FFFFFF')).toBeCloseTo(1, 5);
  });
});
