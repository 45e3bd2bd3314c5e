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
