// Staff sessions for API tests: a signed-in cookie for any role without going through the login
// route (whose argon2 hashing and rate limits are tested in routes/auth.test.ts).
//   const cookie = await staffCookie(t, 'manager');
//   await t.app.request('/api/admin/events', { headers: { cookie } });
//   await t.app.request('/api/admin/users', staffJson(t, cookie, 'POST', body));
import { eq } from 'drizzle-orm';
import type { Role } from '../contract';
import type { PlatformRole } from '../contract/organisations';
import { memberships, staffUsers } from '../db/schema';
import { testOrganisationId } from './organisations';
import { SESSION_COOKIE, sessionKey, signSession } from '../http/auth';
import { resolveSessionSecret } from '../signing/session-secret';
import type { TestApp } from './test-app';

/** The origin app.request() gives a request for '/path' (http://localhost). */
export const TEST_ORIGIN = 'http://localhost';

/** A valid argon2id hash of TEST_STAFF_PASSWORD, so tests need not spend time hashing. */
export const TEST_STAFF_PASSWORD = 'correct horse battery';
const TEST_STAFF_HASH = '$argon2id$v=19$m=19456,t=2,p=1$dGRrLXRlc3Qtc2FsdA$25VVRnxuzmcoK8YWdFKCi8FL4oRhAsAZ7aoMSJDkehU';

/**
 * Finds or creates the enabled account test-<role>@tdk.test (password TEST_STAFF_PASSWORD), a member
 * with that role of the organisation (decision 051; the first, testOrganisationId, unless named).
 */
export async function ensureTestStaff(
  t: Pick<TestApp, 'db'>,
  role: Role,
  email = `test-${role}@tdk.test`,
  options: { organisationId?: number; platformRole?: PlatformRole } = {},
) {
  return t.db.transaction(async (tx) => {
    const organisationId = options.organisationId ?? (await testOrganisationId(tx));
    const [existing] = await tx.select().from(staffUsers).where(eq(staffUsers.email, email));
    const user =
      existing ??
      (
        await tx
          .insert(staffUsers)
          .values({ email, fullName: `Test ${role}`, passwordHash: TEST_STAFF_HASH, platformRole: options.platformRole ?? null })
          .returning()
      )[0]!;
    await tx.insert(memberships).values({ staffUserId: user.id, organisationId, role }).onConflictDoNothing();
    return user;
  });
}

/** The Cookie header of a valid session for that account (created when missing), acting in its organisation. */
export async function staffCookie(
  t: Pick<TestApp, 'db' | 'env'>,
  role: Role,
  email?: string,
  options: { organisationId?: number; platformRole?: PlatformRole } = {},
): Promise<string> {
  const user = await ensureTestStaff(t, role, email, options);
  const token = await signSession(sessionKey(resolveSessionSecret(t.env)), user, options.organisationId);
  return `${SESSION_COOKIE}=${token}`;
}

/** RequestInit for a same-origin JSON call, as the browser's fetch would send it. */
export function jsonRequest(method: string, body?: unknown, cookie?: string): RequestInit {
  const headers: Record<string, string> = { Origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) };
}
