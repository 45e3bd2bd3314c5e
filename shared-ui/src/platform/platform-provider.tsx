import { createContext, useContext, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import type { PlatformConfig } from '@tdk/api/contract';
import { GlobalStyle } from '../theme/global-style';
import { theme as defaultTheme, type AppTheme } from '../theme/theme';
import { ToastProvider } from '../toast/toast-provider';
import type { ApiClient } from './api-client';
import { ApiProvider } from './api-context';
import { ConfigProvider } from './config';
import { SessionProvider, type SessionState } from './session';

const PlatformMountedContext = createContext(false);

export interface PlatformProviderProps {
  children: ReactNode;
  /** Prefix for API paths; '' (same origin) by default. */
  apiBaseUrl?: string;
  /** A ready API client (tests); wins over apiBaseUrl. */
  apiClient?: ApiClient;
  theme?: AppTheme;
  /** Skip GET /api/auth/me and start in this state (tests). */
  initialSession?: SessionState;
  /** Skip GET /api/config and use this (tests). */
  initialConfig?: PlatformConfig;
  /** Set false if the page already renders GlobalStyle. */
  withGlobalStyle?: boolean;
}

/**
 * Everything a screen of the platform needs: theme and global styles, the API client, the
 * platform config, the staff session and toasts. The shell mounts it once around everything; a
 * remote mounts it in its bootstrap only when it runs alone. Nested inside another
 * PlatformProvider it renders its children as they are, so a remote that wraps itself by mistake
 * still shares the shell's session and toasts instead of starting its own.
 */
export function PlatformProvider({
  children,
  apiBaseUrl = '',
  apiClient,
  theme = defaultTheme,
  initialSession,
  initialConfig,
  withGlobalStyle = true,
}: PlatformProviderProps) {
  const alreadyMounted = useContext(PlatformMountedContext);
  if (alreadyMounted) return <>{children}</>;
  return (
    <PlatformMountedContext.Provider value>
      <ThemeProvider theme={theme}>
        {withGlobalStyle && <GlobalStyle />}
        <ApiProvider baseUrl={apiBaseUrl} client={apiClient}>
          <ConfigProvider initialConfig={initialConfig}>
            <SessionProvider initialState={initialSession}>
              <ToastProvider>{children}</ToastProvider>
            </SessionProvider>
          </ConfigProvider>
        </ApiProvider>
      </ThemeProvider>
    </PlatformMountedContext.Provider>
  );
}
