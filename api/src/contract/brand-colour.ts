// The brand colour rule, without zod: the theme applies it on every page's first load, and the
// settings schema (staff.ts) refuses a colour by it.

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast ratio of a #RRGGBB colour against white (1 to 21). */
export const contrastOnWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

/**
 * A brand colour must stand out on white. Text and filled buttons use shades the theme darkens to
 * 4.5:1 (brand-theme.ts), so the colour itself only needs to read as a graphic: the default orange
 * #FF6B35 is 2.8:1; yellow #FFD700 (1.4:1) is refused (docs/decisions/012).
 */
export const MIN_BRAND_CONTRAST = 2.5;
