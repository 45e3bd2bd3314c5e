// The staff session and the role guard (DESIGN.md section 6). One middleware, requireStaff(minRole),
// guards every /api/admin route and the staff-only e-mail routes:
//   - the session is a jose-signed JWT (HS256 only, exp/iat/sub required, issuer and audience
//     checked) in an HttpOnly, SameSite=Lax cookie, Secure over HTTPS;
//   - the user is loaded from the database on every request, so a role change, a disabled account
//     or a bumped token_version (logout, password reset) takes effect at once;
//   - 401 'unauthenticated' when signed out, 403 'forbidden' below the role.
// createApp installs authContext() ahead of every route, which hands the guard its database and key.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import { hasNeed, ROLE_RANK, type Role, type StaffNeed, type StaffUser } from '../contract';
import type { Database } from '../db/client';
import type { Env } from '../env';
import {
  ORGANISATION_MESSAGES,
  type CurrentOrganisation,
  type MemberOrganisation,
  type PlatformRole,
} from '../contract/organisations';
import { resolveActingAs, type ActingAs } from '../services/memberships';
import { staffUserById } from '../services/staff';
import { clientAddress, NO_PROXY } from './client-address';
import { ApiError } from './errors';
import { requestHeader } from './request-header';

export const SESSION_COOKIE = 'tdk_session';
/** A staff session lasts a working day; signing in again renews it. */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;
export const JWT_ALGORITHM = 'HS256';
export const JWT_ISSUER = 'tdk-api';
export const JWT_AUDIENCE = 'tdk-admin';

export const UNAUTHENTICATED_MESSAGE = 'Please sign in to continue.';
export const FORBIDDEN_MESSAGE = "You don't have permission to access this page.";

/** What the guard needs, set on every request by authContext(). */
export interface AuthRuntime {
  db: Database;
  key: Uint8Array;
  env: Pick<Env, 'publicUrl' | 'trustProxy'>;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by authContext() on every request. */
    auth: AuthRuntime;
    /** The signed-in staff user, set by requireStaff(); read fresh from the database. */
    staff: StaffUser;
  }
}

export const sessionKey = (secret: string) => new TextEncoder().encode(secret);

/** Installed once by createApp ahead of every route. */
export const authContext =
  (runtime: AuthRuntime): MiddlewareHandler =>
  async (c, next) => {
    c.set('auth', runtime);
    await next();
  };

function runtimeOf(c: Context): AuthRuntime {
  const runtime = c.get('auth');
  if (!runtime) throw new Error('authContext() is not installed ahead of this route');
  return runtime;
}

/** Over HTTPS: the request itself, a proxy saying so, or a PUBLIC_URL that is https. */
export function isHttps(c: Context, env: Pick<Env, 'publicUrl'>): boolean {
  if (env.publicUrl?.startsWith('https:')) return true;
  const forwarded = requestHeader(c, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwarded === 'https') return true;
  return c.req.url.startsWith('https:');
}

/**
 * The client's address for rate limits and the audit log (decision 035): the socket's peer, or,
 * behind the proxies TRUST_PROXY and TRUSTED_PROXIES name, the right-most X-Forwarded-For hop that
 * no trusted proxy added; never the client's own leftmost value, never text that is not an IP
 * address. A request with no socket (app.request in tests, in-process calls) counts as coming
 * through one trusted proxy.
 */
export function clientIp(c: Context, env: Pick<Env, 'trustProxy'> = { trustProxy: NO_PROXY }): string {
  let socket: string | undefined;
  try {
    // A socket already closed has no address: it is not an in-process request for all that.
    socket = getConnInfo(c).remote.address ?? '';
  } catch {
    socket = undefined;
  }
  return clientAddress(socket, c.req.header('x-forwarded-for'), env.trustProxy) ?? 'unknown';
}

interface SessionClaims {
  sub: string;
  ver: number;
  /** The organisation chosen at sign-in or switched to (decision 051); checked against the memberships on each request. */
  org?: number;
}

export async function signSession(
  key: Uint8Array,
  user: { id: number; tokenVersion: number },
  organisationId?: number | null,
): Promise<string> {
  return new SignJWT({ ver: user.tokenVersion, ...(organisationId != null && { org: organisationId }) })
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(key);
}

/** The claims of a valid token, or null for anything forged, expired, mis-signed or malformed. */
export async function verifySession(key: Uint8Array, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [JWT_ALGORITHM],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    if (typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub)) return null;
    if (typeof payload.ver !== 'number' || !Number.isInteger(payload.ver)) return null;
    const org = typeof payload.org === 'number' && Number.isInteger(payload.org) ? payload.org : undefined;
    return { sub: payload.sub, ver: payload.ver, ...(org !== undefined && { org }) };
  } catch {
    return null;
  }
}

export function setSessionCookie(c: Context, token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, runtimeOf(c).env),
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, runtimeOf(c).env),
    path: '/',
  });
}

/** The full row of the session's user when the session is valid now, else null. */
export async function sessionUser(c: Context) {
  return (await sessionOf(c))?.user ?? null;
}

/** The session's user and the organisation its token names, when the session is valid now. */
async function sessionOf(c: Context) {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return null;
  const runtime = runtimeOf(c);
  const claims = await verifySession(runtime.key, token);
  if (!claims) return null;
  const user = await runtime.db.query((db) => staffUserById(db, Number(claims.sub)));
  if (!user || user.disabled || user.tokenVersion !== claims.ver) return null;
  return { user, organisationId: claims.org };
}

/** A staff account as the session shows it: its role in the organisation it acts in (decision 051). */
export const toStaffUser = (
  u: { id: number; email: string; fullName: string; platformRole: PlatformRole | null },
  acting: ActingAs | null,
): StaffUser => ({
  id: u.id,
  email: u.email,
  fullName: u.fullName,
  role: acting?.role ?? 'support',
  organisationId: acting?.organisation.id ?? null,
  platformRole: u.platformRole,
});

/** The staff member and where they act, as GET /api/auth/me answers it. */
export interface StaffSession {
  user: StaffUser;
  organisation: CurrentOrganisation | null;
  organisations: MemberOrganisation[];
}

declare module 'hono' {
  interface ContextVariableMap {
    staffSession: StaffSession;
  }
}

/** The signed-in staff member with their organisations (fresh from the database), or null. Memoised per request. */
export async function currentStaffSession(c: Context): Promise<StaffSession | null> {
  const known = c.get('staffSession');
  if (known) return known;
  const session = await sessionOf(c);
  if (!session) return null;
  const { acting, memberOf } = await runtimeOf(c).db.query((db) => resolveActingAs(db, session.user, session.organisationId));
  const staffSession: StaffSession = {
    user: toStaffUser(session.user, acting),
    organisation: acting?.organisation ?? null,
    organisations: memberOf,
  };
  c.set('staffSession', staffSession);
  c.set('staff', staffSession.user);
  return staffSession;
}

/** The signed-in staff member (fresh from the database), or null. Memoised per request. */
export async function currentStaff(c: Context): Promise<StaffUser | null> {
  return (await currentStaffSession(c))?.user ?? null;
}

/**
 * The organisation the signed-in member acts in (after requireStaff), or an API token's (after
 * apiTokenGuard): every admin and v1 query is scoped to it by the data layer (db/tenancy.ts, decision 051).
 */
export function organisationOf(c: Context): number {
  // An API token's organisation on /api/v1 (decision 062, http/api-token.ts), else the member's.
  const organisationId =
    (c.get('apiToken') as { organisationId: number } | undefined)?.organisationId ??
    (c.get('staff') as StaffUser | undefined)?.organisationId;
  if (organisationId == null) throw new Error('organisationOf() before requireStaff()');
  return organisationId;
}

export const hasRole = (role: Role, minRole: Role) => ROLE_RANK[role] >= ROLE_RANK[minRole];

/** The one role guard: 401 'unauthenticated' signed out, 403 'forbidden' below minRole; sets c.var.staff. */
export const requireStaff =
  (minRole: Role): MiddlewareHandler =>
  async (c, next) => {
    const staff = await currentStaff(c);
    if (!staff) throw new ApiError(401, 'unauthenticated', UNAUTHENTICATED_MESSAGE);
    if (staff.organisationId === null) throw new ApiError(403, 'forbidden', ORGANISATION_MESSAGES.noOrganisation);
    if (!hasRole(staff.role, minRole)) throw new ApiError(403, 'forbidden', FORBIDDEN_MESSAGE);
    await next();
  };

/** The platform staff's guard (/api/platform): 401 signed out, 403 for an organiser's staff. */
export const requirePlatformStaff =
  (roles: readonly PlatformRole[] = ['platform_admin', 'platform_support']): MiddlewareHandler =>
  async (c, next) => {
    const staff = await currentStaff(c);
    if (!staff) throw new ApiError(401, 'unauthenticated', UNAUTHENTICATED_MESSAGE);
    if (!staff.platformRole || !roles.includes(staff.platformRole)) throw new ApiError(403, 'forbidden', FORBIDDEN_MESSAGE);
    await next();
  };

/** requirePlatformStaff for these methods only (the platform's settings: read by organisations' admins, changed by platform admins). */
export const requirePlatformStaffFor = (methods: readonly string[], roles: readonly PlatformRole[]): MiddlewareHandler => {
  const guard = requirePlatformStaff(roles);
  return (c, next) => (methods.includes(c.req.method) ? guard(c, next) : next());
};

export type RolesByMethod = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', Role>> & { default: Role };

/** requireStaff with a minimum role per HTTP method (HEAD counts as GET). */
export const requireStaffByMethod = (roles: RolesByMethod): MiddlewareHandler => {
  const guards = new Map<string, MiddlewareHandler>();
  const guardFor = (role: Role) => {
    let guard = guards.get(role);
    if (!guard) guards.set(role, (guard = requireStaff(role)));
    return guard;
  };
  return (c, next) => {
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    const role = roles[method as keyof RolesByMethod] ?? roles.default;
    return guardFor(role)(c, next);
  };
};

/**
 * The guard for a capability that does not follow the ranks (contract/staff-needs.ts, decision
 * 047): 401 'unauthenticated' signed out, 403 'forbidden' for a role without it.
 */
export const requireNeed =
  (need: StaffNeed): MiddlewareHandler =>
  async (c, next) => {
    const staff = await currentStaff(c);
    if (!staff) throw new ApiError(401, 'unauthenticated', UNAUTHENTICATED_MESSAGE);
    if (staff.organisationId === null) throw new ApiError(403, 'forbidden', ORGANISATION_MESSAGES.noOrganisation);
    if (!hasNeed(staff.role, need)) throw new ApiError(403, 'forbidden', FORBIDDEN_MESSAGE);
    await next();
  };

/** The signed-in staff member's role (after the guards of routes/admin.ts): what their answers may show (decision 047). */
export const staffRoleOf = (c: Context): Role => (c.get('staff') as StaffUser).role;

/** Who is acting and from where, for recordAudit: `recordAudit(tx, { ...auditActor(c), action, ... })`. */
export function auditActor(c: Context): {
  actorUserId: number | null;
  actorEmail: string;
  ip: string;
  organisationId: number | null;
} {
  const staff = c.get('staff');
  return {
    organisationId: staff?.organisationId ?? null,
    actorUserId: staff?.id ?? null,
    actorEmail: staff?.email ?? 'anonymous',
    ip: clientIp(c, runtimeOf(c).env),
  };
}
