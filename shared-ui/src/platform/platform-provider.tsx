import { createContext, useContext, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ThemeProvider } from 'styled-components';
import type { Language, PlatformConfig } from '@tdk/api/contract';
import { LanguageProvider } from '../i18n/language-context';
import { GlobalStyle } from '../theme/global-style';
import { theme as defaultTheme, type AppTheme } from '../theme/theme';
import { ToastProvider } from '../toast/toast-provider';
import { createQueryClient } from '../data/query-client';
import { ApiProvider } from './api-context';
import { BrandThemeProvider } from './brand-theme-provider';
import { ConfigProvider } from './config';
import { FirstScreenResponsesProvider } from './first-screen-context';
import { SessionProvider, type SessionState } from './session';

const PlatformMountedContext = createContext(false);

export interface PlatformProviderProps {
  children: ReactNode;
  /** Prefix for API paths; '' (same origin) by default. */
  apiBaseUrl?: string;
  /** Answers every API request instead of the network (tests: `@tdk/shared-ui/testing`). */
  apiFetch?: typeof fetch;
  /** The query cache; one is made per mount when absent. */
  queryClient?: QueryClient;
  theme?: AppTheme;
  /** Skip GET /api/auth/me and start in this state (tests). */
  initialSession?: SessionState;
  /** Skip GET /api/config and use this (tests). */
  initialConfig?: PlatformConfig;
  /** Set false if the page already renders GlobalStyle. */
  withGlobalStyle?: boolean;
  /** The language of everything inside (the server's drawing, tests); without it, the page's own (`<html lang>`). */
  language?: Language;
  /** The answers a server drawing is made with (decision 016); without them, the page's own. */
  firstScreenResponses?: Record<string, unknown>;
}

/**
 * Everything a screen of the platform needs: theme and global styles, the typed API client, the
 * query cache, the platform config, the staff session, the language and toasts. The shell mounts it once around everything; a
 * remote mounts it in its bootstrap only when it runs alone. Nested inside another
 * PlatformProvider it renders its children as they are, so a remote that wraps itself by mistake
 * still shares the shell's session and toasts instead of starting its own.
 */
export function PlatformProvider({
  children,
  apiBaseUrl = '',
  apiFetch,
  queryClient,
  theme = defaultTheme,
  initialSession,
  initialConfig,
  withGlobalStyle = true,
  language,
  firstScreenResponses,
}: PlatformProviderProps) {
  const alreadyMounted = useContext(PlatformMountedContext);
  const [ownQueryClient] = useState(() => queryClient ?? (alreadyMounted ? null : createQueryClient()));
  if (alreadyMounted) return <>{children}</>;
  const platform = (
    <PlatformMountedContext.Provider value>
      <ThemeProvider theme={theme}>
        {withGlobalStyle && <GlobalStyle />}
        <QueryClientProvider client={(queryClient ?? ownQueryClient)!}>
          <ApiProvider baseUrl={apiBaseUrl} fetch={apiFetch}>
            <ConfigProvider initialConfig={initialConfig}>
              <BrandThemeProvider>
                <SessionProvider initialState={initialSession}>
                  <LanguageProvider language={language}>
                    <ToastProvider>{children}</ToastProvider>
                  </LanguageProvider>
                </SessionProvider>
              </BrandThemeProvider>
            </ConfigProvider>
          </ApiProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </PlatformMountedContext.Provider>
  );
  return firstScreenResponses ? (
    <FirstScreenResponsesProvider responses={firstScreenResponses}>{platform}</FirstScreenResponsesProvider>
  ) : (
    platform
  );
}
