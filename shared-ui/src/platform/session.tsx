import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  hasNeed as roleHasNeed,
  ROLE_RANK,
  type MeResponse,
  type Role,
  type StaffNeed,
  type StaffUser,
  type TwoFactorChallenge,
  type TwoFactorResponse,
} from '@tdk/api/contract';
import type { CurrentOrganisation, MemberOrganisation, PlatformRole } from '@tdk/api/contract';
import { queryKeys } from '../data/query-keys';
import { callApi, type ApiClient } from './api-client';
import { useApiClient } from './api-context';
import { useFirstScreenResponse } from './first-screen-context';

/** SPEC.md section 4's auth state. */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  // The organisation acted in may come with a starting state (a screen's test); the API's answer has it otherwise.
  | { status: 'signed-in'; user: StaffUser; organisation?: CurrentOrganisation };

export interface SessionActions {
  /** Asks the API again who is signed in (GET /api/auth/me). */
  refresh: () => Promise<void>;
  /**
   * POST /api/auth/login; resolves with the user, or with the second step when Two-Factor
   * Authentication is on (then `completeTwoFactor`), or rejects with the ApiError to show.
   */
  signIn: (email: string, password: string) => Promise<SignInResult>;
  /**
   * POST /api/auth/login/two-factor; resolves with the user (and recovery codes after enrolling).
   * The cookie is set; `start()` switches the page to signed in (after the codes were shown).
   */
  completeTwoFactor: (
    challenge: string,
    code: string,
  ) => Promise<{ user: StaffUser; recoveryCodes?: string[]; start: () => Promise<void> }>;
  /**
   * Cancels every staff request in flight, POST /api/auth/logout, then signed-out with no staff
   * data left in the cache. Never rejects: a failed call still signs out locally.
   */
  signOut: () => Promise<void>;
  /** True when signed in with at least this rank (admin 4 > manager 3 > coordinator 2 > support 1). */
  hasRole: (minRole: Role) => boolean;
  /** True when signed in with a role that has this capability by need (contract/staff-needs.ts, decision 047). */
  hasNeed: (need: StaffNeed) => boolean;
  /**
   * POST /api/auth/organisation: act in another organisation (decision 051). Every staff query is
   * dropped first, so nothing of one organisation is shown in the other's pages.
   */
  switchOrganisation: (organisationId: number) => Promise<void>;
}

/** Where the signed-in member acts (decision 051): the organisation, the others they may switch to, their platform role. */
export interface SessionOrganisations {
  organisation: CurrentOrganisation | null;
  organisations: MemberOrganisation[];
  platformRole: PlatformRole | null;
}

/**
 * The state plus actions. `user` is also present, as null, outside the signed-in state, so
 * `session.user?.fullName` works without narrowing; narrowing on `status` still gives StaffUser.
 */
export type SignInResult = { user: StaffUser; twoFactor?: undefined } | { user?: undefined; twoFactor: TwoFactorChallenge };

export type SessionContextValue = SessionState & { user: StaffUser | null } & SessionOrganisations & SessionActions;

const SessionContext = createContext<SessionContextValue | null>(null);

export function roleAtLeast(role: Role | string | null | undefined, minRole: Role): boolean {
  if (!role || !Object.prototype.hasOwnProperty.call(ROLE_RANK, role)) return false;
  return ROLE_RANK[role as Role] >= ROLE_RANK[minRole];
}

function isStaffUser(value: unknown): value is StaffUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StaffUser).email === 'string' &&
    typeof (value as StaffUser).role === 'string'
  );
}

/** GET /api/auth/me as the session query's data: anyone it cannot confirm is signed out. */
async function fetchSession(client: ApiClient, signal: AbortSignal): Promise<MeResponse> {
  try {
    const data = (await callApi(client.api.auth.me.$get({}, { init: { signal } }))) as MeResponse;
    if (!isStaffUser(data?.user)) return { user: null };
    return {
      user: data.user,
      organisation: data.organisation ?? null,
      organisations: data.organisations ?? [],
      platformRole: data.platformRole ?? null,
    };
  } catch {
    // 401/404 mean nobody is signed in; any other failure is treated the same, because an
    // admin area that cannot confirm the session must not pretend it can.
    return { user: null };
  }
}

const signedOut: MeResponse = { user: null };

/** The session as the API answered it (sign-in, /me, a switch of organisation). */
const meOf = (data: MeResponse): MeResponse => ({
  user: data.user,
  organisation: data.organisation ?? null,
  organisations: data.organisations ?? [],
  platformRole: data.platformRole ?? null,
});

/** Sets the session and drops every staff query, so nothing of one user is shown to the next. */
async function replaceSession(queryClient: QueryClient, next: MeResponse) {
  await queryClient.cancelQueries({ queryKey: queryKeys.admin.all });
  queryClient.removeQueries({ queryKey: queryKeys.admin.all });
  queryClient.setQueryData(queryKeys.session, next);
}

export interface SessionProviderProps {
  children: ReactNode;
  /** Skips the initial GET /api/auth/me, e.g. in tests or a storybook. */
  initialState?: SessionState;
}

export function SessionProvider({ children, initialState }: SessionProviderProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const firstScreen = useFirstScreenResponse();
  // A page the API drew for a visitor with no session cookie says so (its answer to /api/auth/me),
  // so the session starts signed out: no request, and no change of state during hydration, which
  // would make React hydrate the rest of the page in one blocking task.
  const drawnAnswer = initialState === undefined ? firstScreen('/api/auth/me') : undefined;
  const initialData: MeResponse | undefined =
    initialState === undefined || initialState.status === 'loading'
      ? drawnAnswer && typeof drawnAnswer === 'object' && 'user' in drawnAnswer && (drawnAnswer as MeResponse).user === null
        ? signedOut
        : undefined
      : initialState.status === 'signed-in'
        ? { user: initialState.user, ...(initialState.organisation && { organisation: initialState.organisation }) }
        : { user: null };

  const query = useQuery({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => fetchSession(client, signal),
    initialData,
    // The session changes only through the actions below (and a refresh); no background refetch.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // A test that starts in 'loading' stays there.
    enabled: initialState?.status !== 'loading',
  });

  const refresh = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: queryKeys.session, exact: true });
  }, [queryClient]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      // This attempt supersedes any /me call still in flight: its late answer must not win.
      await queryClient.cancelQueries({ queryKey: queryKeys.session });
      try {
        const data = await callApi(client.api.auth.login.$post({ json: { email, password } }));
        if ('twoFactor' in data && data.twoFactor) {
          // No session yet: the code comes first. The page stays signed out meanwhile.
          if (queryClient.getQueryData(queryKeys.session) === undefined) queryClient.setQueryData(queryKeys.session, signedOut);
          return { twoFactor: data.twoFactor };
        }
        if (!('user' in data) || !isStaffUser(data.user)) throw new Error('Login failed. Please try again.');
        // The answer says where the member acts, as GET /api/auth/me would (decision 051).
        await replaceSession(queryClient, meOf(data as MeResponse));
        return { user: data.user };
      } catch (error) {
        // The cancelled /me left the session unknown; without an answer the page would spin.
        if (queryClient.getQueryData(queryKeys.session) === undefined) queryClient.setQueryData(queryKeys.session, signedOut);
        throw error;
      }
    },
    [client, queryClient],
  );

  const completeTwoFactor = useCallback(
    async (challenge: string, code: string) => {
      const data: TwoFactorResponse = await callApi(client.api.auth.login['two-factor'].$post({ json: { challenge, code } }));
      if (!isStaffUser(data?.user)) throw new Error('Login failed. Please try again.');
      // Recovery codes are shown before the session switches the page to the admin area.
      return {
        user: data.user,
        recoveryCodes: data.recoveryCodes,
        start: () => replaceSession(queryClient, meOf(data as MeResponse)),
      };
    },
    [client, queryClient],
  );

  const signOut = useCallback(async () => {
    await queryClient.cancelQueries({ queryKey: queryKeys.session });
    // Staff requests still in flight are cancelled first: answered after the logout, they would
    // only be refused with 401.
    await queryClient.cancelQueries({ queryKey: queryKeys.admin.all });
    try {
      await callApi(client.api.auth.logout.$post());
    } catch {
      // Leaving the admin UI must always work; a failed call leaves at worst a cookie that
      // stays valid until it expires.
    }
    await replaceSession(queryClient, signedOut);
  }, [client, queryClient]);

  const switchOrganisation = useCallback(
    async (organisationId: number) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.session });
      const data = (await callApi(client.api.auth.organisation.$post({ json: { organisationId } }))) as MeResponse;
      await replaceSession(queryClient, data);
    },
    [client, queryClient],
  );

  const data = query.data;
  const value = useMemo<SessionContextValue>(() => {
    const user = data?.user ?? null;
    const state: SessionState =
      data === undefined ? { status: 'loading' } : user ? { status: 'signed-in', user } : { status: 'signed-out' };
    const hasRole = (minRole: Role) => roleAtLeast(user?.role, minRole);
    const hasNeed = (need: StaffNeed) => (user ? roleHasNeed(user.role, need) : false);
    return {
      ...state,
      user,
      organisation: user ? (data?.organisation ?? null) : null,
      organisations: user ? (data?.organisations ?? []) : [],
      platformRole: user ? (data?.platformRole ?? null) : null,
      refresh,
      signIn,
      completeTwoFactor,
      signOut,
      switchOrganisation,
      hasRole,
      hasNeed,
    } as SessionContextValue;
  }, [data, refresh, signIn, completeTwoFactor, signOut, switchOrganisation]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) {
    throw new Error(
      'useSession() was called outside <SessionProvider>. Mount <PlatformProvider> (the shell does; a remote mounts it in its bootstrap).',
    );
  }
  return value;
}
