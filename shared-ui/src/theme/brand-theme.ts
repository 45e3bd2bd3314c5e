// The theme with the platform's brand colours from Settings (GET /api/config). Every remote
// renders inside the shell's one ThemeProvider, so a saved colour reaches all of them at once.
// Text and filled controls need 4.5:1: their shades are darkened from the chosen colour until
// they reach it; the colour itself stays for accents, bars and focus rings.
import { contrastOnWhite } from '@tdk/api/contract';
import type { AppTheme } from './theme';

type Rgb = [number, number, number];

const parse = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`.toUpperCase();

/** Contrast of a colour against white: the contract's, the rule the Settings form and API apply. */
export const contrastWithWhite = contrastOnWhite;

/** The colour mixed towards black by `amount` (0..1). */
export const darken = (hex: string, amount: number) => toHex(parse(hex).map((c) => c * (1 - amount)) as Rgb);
/** The colour mixed towards white by `amount` (0..1). */
export const lighten = (hex: string, amount: number) => toHex(parse(hex).map((c) => c + (255 - c) * amount) as Rgb);

/** The lightest shade of `hex` (itself, or darker in 2% steps) with at least `ratio` against white. */
export function readableOnWhite(hex: string, ratio = 4.5): string {
  let shade = hex.toUpperCase();
  for (let step = 1; contrastWithWhite(shade) < ratio && step <= 50; step++) shade = darken(hex, step * 0.02);
  return shade;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * `base` with `primary` and `secondary` as the brand colours. A colour equal to the one `base`
 * was designed around (`designed`) keeps base's hand-tuned shades.
 */
export function brandTheme(
  base: AppTheme,
  brand: { primary: string; secondary: string },
  designed: { primary: string; secondary: string },
): AppTheme {
  const colors = { ...base.colors };
  const primary = brand.primary.toUpperCase();
  const secondary = brand.secondary.toUpperCase();
  if (HEX.test(primary) && primary !== designed.primary.toUpperCase()) {
    const strong = readableOnWhite(primary);
    Object.assign(colors, {
      primary,
      primaryHover: darken(primary, 0.08),
      primaryStrong: strong,
      primaryStrongHover: darken(strong, 0.12),
      primaryText: strong,
      primarySoft: lighten(primary, 0.92),
      focus: primary,
    });
  }
  if (HEX.test(secondary) && secondary !== designed.secondary.toUpperCase()) {
    const strong = readableOnWhite(secondary);
    Object.assign(colors, {
      secondary: strong,
      secondaryHover: darken(strong, 0.12),
      secondarySoft: lighten(secondary, 0.92),
      info: strong,
    });
  }
  if (colors.primary === base.colors.primary && colors.secondary === base.colors.secondary) return base;
  const [r, g, b] = parse(colors.focus);
  return { ...base, colors, shadows: { ...base.shadows, focus: `0 0 0 3px rgba(${r}, ${g}, ${b}, 0.35)` } };
}
