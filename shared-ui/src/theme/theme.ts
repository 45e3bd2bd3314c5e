// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./styled.d.ts" />
// The reference above pulls the DefaultTheme augmentation into every consumer's type-check, since
// shared-ui is consumed as source and a bare .d.ts file would otherwise be invisible to them.

/** The five badge tones of SPEC.md section 4. */
export type Tone = 'green' | 'blue' | 'grey' | 'yellow' | 'red';
/** Tones plus the brand orange, for stat cards and other decorative accents. */
export type AccentTone = Tone | 'orange';

interface ToneColors {
  /** Soft background for badges and chips. */
  bg: string;
  /** Text on `bg`; at least 7:1 against it. */
  fg: string;
  border: string;
  /** Saturated colour for icons, bars and dots. */
  solid: string;
}

const tones: Record<AccentTone, ToneColors> = {
  green: { bg: '#DCFCE7', fg: '#14532D', border: '#86EFAC', solid: '#16A34A' },
  blue: { bg: '#DBEAFE', fg: '#1E3A8A', border: '#93C5FD', solid: '#2563EB' },
  grey: { bg: '#F1F5F9', fg: '#334155', border: '#CBD5E1', solid: '#64748B' },
  yellow: { bg: '#FEF9C3', fg: '#713F12', border: '#FDE047', solid: '#CA8A04' },
  red: { bg: '#FEE2E2', fg: '#7F1D1D', border: '#FCA5A5', solid: '#DC2626' },
  orange: { bg: '#FFEDE5', fg: '#7C2D12', border: '#FFB899', solid: '#FF6B35' },
};

export const theme = {
  name: 'tdk-sports',
  colors: {
    /** Brand orange (SPEC.md section 9). White text on it is only 2.8:1, so it is used for
     * accents, focus rings and large graphics; filled controls use `primaryStrong`. */
    primary: '#FF6B35',
    primaryHover: '#F2561C',
    /** The lightest orange on which white text passes WCAG AA (4.65:1): buttons and filled chips. */
    primaryStrong: '#D1430E',
    primaryStrongHover: '#B23709',
    /** Orange for text and links on white (5.2:1). */
    primaryText: '#C2410C',
    primarySoft: '#FFF1EB',
    onPrimary: '#FFFFFF',
    /** Brand blue (SPEC.md section 9); white text on it is 5.2:1. */
    secondary: '#2563EB',
    secondaryHover: '#1D4ED8',
    secondarySoft: '#EFF6FF',
    onSecondary: '#FFFFFF',

    background: '#F7F8FA',
    surface: '#FFFFFF',
    surfaceMuted: '#F1F5F9',
    surfaceSunken: '#E9EDF2',
    border: '#E2E8F0',
    borderStrong: '#CBD5E1',
    text: '#0F172A',
    textMuted: '#475569',
    /** Placeholders and secondary labels; 4.8:1 on white. */
    textSubtle: '#64748B',
    inverse: '#0F172A',
    /** A raised surface on the inverse background: the hovered sidebar link. */
    inverseRaised: '#1E293B',
    onInverse: '#F8FAFC',
    /** Body text on the inverse background (12.0:1 on inverse). */
    onInverseMuted: '#CBD5E1',
    /** Secondary text on the inverse background (6.9:1 on inverse). */
    onInverseSubtle: '#94A3B8',

    success: '#15803D',
    successHover: '#166534',
    warning: '#CA8A04',
    danger: '#DC2626',
    dangerHover: '#B91C1C',
    info: '#2563EB',
    grey: '#64748B',

    focus: '#FF6B35',
    overlay: 'rgba(15, 23, 42, 0.55)',
    skeleton: '#E2E8F0',
    skeletonHighlight: '#F1F5F9',
  },
  tones,
  fonts: {
    // System fonts only: no web-font download on first load (DESIGN.md section 7 budget), and
    // Noto Sans covers the rupee sign and Indian scripts on Linux and Android.
    // The platform's Devanagari face first: declared only on a page in Hindi or Marathi, and only for
    // Devanagari characters (decision 019); elsewhere the name matches nothing and is skipped.
    body: "'TDK Devanagari', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
    heading: "'TDK Devanagari', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    xxl: '1.5rem',
    xxxl: '1.875rem',
    display: '2.25rem',
  },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700, black: 800 },
  lineHeights: { tight: 1.2, snug: 1.35, normal: 1.5 },
  space: {
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
    xxxl: '48px',
  },
  radii: { sm: '6px', md: '10px', lg: '14px', xl: '20px', pill: '999px' },
  shadows: {
    xs: '0 1px 2px rgba(15, 23, 42, 0.06)',
    sm: '0 1px 3px rgba(15, 23, 42, 0.08), 0 1px 2px rgba(15, 23, 42, 0.04)',
    md: '0 4px 12px rgba(15, 23, 42, 0.08), 0 2px 4px rgba(15, 23, 42, 0.04)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.14), 0 4px 8px rgba(15, 23, 42, 0.06)',
    xl: '0 24px 56px rgba(15, 23, 42, 0.22)',
    focus: '0 0 0 3px rgba(255, 107, 53, 0.35)',
  },
  /** Minimum widths, in px. `phone` is the narrowest screen every page must work on. */
  breakpoints: { phone: 360, phoneLg: 480, tablet: 768, laptop: 1024, desktop: 1280, wide: 1536 },
  zIndices: { base: 0, sticky: 100, header: 200, dropdown: 300, overlay: 1000, dialog: 1010, toast: 1100 },
  transitions: { fast: '120ms ease', normal: '200ms ease', slow: '320ms cubic-bezier(0.2, 0.8, 0.2, 1)' },
  layout: { maxContentWidth: '1280px', headerHeight: '64px', sidebarWidth: '260px' },
};

export type AppTheme = typeof theme;
export type Breakpoint = keyof AppTheme['breakpoints'];

/**
 * Media queries as strings for styled-components, e.g. `${media.up('tablet')} { ... }`.
 * `down` subtracts 0.02px so that `up(x)` and `down(x)` never both match.
 */
export const media = {
  up: (bp: Breakpoint) => `@media (min-width: ${theme.breakpoints[bp]}px)`,
  down: (bp: Breakpoint) => `@media (max-width: ${theme.breakpoints[bp] - 0.02}px)`,
  /** Phones: narrower than a tablet. */
  phone: `@media (max-width: ${theme.breakpoints.tablet - 0.02}px)`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;
