import { useCallback, type ReactNode } from 'react';
import { ThemeProvider, type DefaultTheme } from 'styled-components';
import { SETTINGS_DEFAULTS } from '@tdk/api/contract';
import { brandTheme } from '../theme/brand-theme';
import { theme as defaultTheme } from '../theme/theme';
import { useConfig } from './config';

const DESIGNED = { primary: SETTINGS_DEFAULTS.primaryColor, secondary: SETTINGS_DEFAULTS.secondaryColor };

/** Applies Settings' brand colours (from the platform config) over the theme above it. */
export function BrandThemeProvider({ children }: { children: ReactNode }) {
  const { primaryColor, secondaryColor } = useConfig();
  const theme = useCallback(
    (outer: DefaultTheme | undefined) =>
      brandTheme(outer ?? defaultTheme, { primary: primaryColor, secondary: secondaryColor }, DESIGNED),
    [primaryColor, secondaryColor],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/**
 * One organisation's accent (its page's brand colour, decision 056) over the theme above it: the
 * primary colour and its shades, text and filled controls darkened to 4.5:1 on white (AA) as the
 * platform's colour is. Null or '' keeps the theme as it is.
 */
export function AccentThemeProvider({ colour, children }: { colour: string | null | undefined; children: ReactNode }) {
  const theme = useCallback(
    (outer: DefaultTheme | undefined) => {
      const base = outer ?? defaultTheme;
      if (!colour) return base;
      // The secondary colour is not the organisation's: '' leaves it (brandTheme changes only a hex colour).
      return brandTheme(base, { primary: colour, secondary: '' }, { primary: base.colors.primary, secondary: '' });
    },
    [colour],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
