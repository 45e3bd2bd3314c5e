import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ROLE_RANK, type Role, type StaffUser } from '@tdk/api/contract';
import { useApi } from './api-context';

/** SPEC.md section 4's auth state. */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: StaffUser };

export interface SessionActions {
  /** Asks the API again who is signed in (GET /api/auth/me). */
  refresh: () => Promise<void>;
  /** POST /api/auth/login; resolves with the user, or rejects with the ApiError to show. */
  signIn: (email: string, password: string) => Promise<StaffUser>;
  /** POST /api/auth/logout, then signed-out. Never rejects: a failed call still signs out locally. */
  signOut: () => Promise<void>;
  /** True when signed in with at least this rank (admin 4 > manager 3 > coordinator 2 > support 1). */
  hasRole: (minRole: Role) => boolean;
}

/**
 * The state plus actions. `user` is also present, as null, outside the signed-in state, so
 * `session.user?.fullName` works without narrowing; narrowing on `status` still gives StaffUser.
 */
export type SessionContextValue = SessionState & { user: StaffUser | null } & SessionActions;

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

export interface SessionProviderProps {
  children: ReactNode;
  /** Skips the initial GET /api/auth/me, e.g. in tests or a storybook. */
  initialState?: SessionState;
}

export function SessionProvider({ children, initialState }: SessionProviderProps) {
  const api = useApi();
  const [state, setState] = useState<SessionState>(initialState ?? { status: 'loading' });
  // Every change of session bumps this, so an answer to an older /me call (say, one that was
  // in flight when the user signed in) can never overwrite a newer state.
  const generation = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    let next: SessionState;
    try {
      const data = await api.get<{ user?: unknown }>('/api/auth/me');
      next = isStaffUser(data?.user) ? { status: 'signed-in', user: data.user } : { status: 'signed-out' };
    } catch {
      // 401/404 mean nobody is signed in; any other failure is treated the same, because an
      // admin area that cannot confirm the session must not pretend it can.
      next = { status: 'signed-out' };
    }
    if (mine === generation.current) setState(next);
  }, [api]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const mine = ++generation.current;
      try {
        const data = await api.post<{ user?: unknown }>('/api/auth/login', { email, password });
        if (!isStaffUser(data?.user)) throw new Error('Login failed. Please try again.');
        if (mine === generation.current) setState({ status: 'signed-in', user: data.user });
        return data.user;
      } catch (error) {
        // This attempt superseded any /me call still in flight, so it must settle a 'loading'
        // state itself or the page would spin forever.
        if (mine === generation.current) {
          setState((current) => (current.status === 'loading' ? { status: 'signed-out' } : current));
        }
        throw error;
      }
    },
    [api],
  );

  const signOut = useCallback(async () => {
    ++generation.current;
    try {
      await api.post('/api/auth/logout');
    } catch {
      // Leaving the admin UI must always work; a failed call leaves at worst a cookie that
      // stays valid until it expires.
    }
    ++generation.current;
    setState({ status: 'signed-out' });
  }, [api]);

  const skipInitialLoad = useRef(initialState !== undefined);
  useEffect(() => {
    if (skipInitialLoad.current) return;
    void refresh();
  }, [refresh]);

  const value = useMemo<SessionContextValue>(() => {
    const user = state.status === 'signed-in' ? state.user : null;
    const hasRole = (minRole: Role) => roleAtLeast(user?.role, minRole);
    return { ...state, user, refresh, signIn, signOut, hasRole } as SessionContextValue;
  }, [state, refresh, signIn, signOut]);

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
