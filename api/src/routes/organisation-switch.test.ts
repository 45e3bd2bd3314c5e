// Where a member acts (issue 41, decision 051): GET /api/auth/me names the organisation and the
// others the account belongs to; POST /api/auth/organisation switches to one of them (its role
// there, its data only), refuses one it may not act in with 404, and a membership removed takes
// effect on the next request.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEventPage, ApiErrorBody, MeResponse } from '../contract';
import { memberships } from '../db/schema';
import { SESSION_COOKIE } from '../http/auth';
import { anEventInput } from '../testing/catalogue';
import { createTestOrganisation, testOrganisationId } from '../testing/organisations';
import { ensureTestStaff, jsonRequest, staffCookie } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let first: number;
let second: number;
let stranger: number;
beforeAll(async () => {
  t = await createTestApp();
  first = await t.db.query((db) => testOrganisationId(db));
  second = await t.db.query((db) => createTestOrganisation(db, { slug: 'switch-second', displayName: 'Second Club' }));
  stranger = await t.db.query((db) => createTestOrganisation(db, { slug: 'switch-stranger', displayName: 'Stranger FC' }));
  // A member of two: a manager in the first, an admin in the second.
  await ensureTestStaff(t, 'manager', 'two-hats@tdk.test', { organisationId: first });
  await ensureTestStaff(t, 'admin', 'two-hats@tdk.test', { organisationId: second });
  // The second organisation's own event.
  const secondAdmin = await staffCookie(t, 'admin', 'second-admin@tdk.test', { organisationId: second });
  const made = await t.app.request(
    '/api/admin/events',
    jsonRequest('POST', anEventInput({ title: 'Second Club Derby' }), secondAdmin),
  );
  expect(made.status).toBe(201);
});
afterAll(() => t.close());

const meOf = async (cookie: string) =>
  (await (await t.app.request('/api/auth/me', { headers: { cookie } })).json()) as MeResponse;
const cookieFrom = (res: Response) => {
  const match = new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(res.headers.get('set-cookie') ?? '');
  return match ? `${SESSION_COOKIE}=${match[1]}` : '';
};
const titles = async (cookie: string) =>
  ((await (await t.app.request('/api/admin/events?pageSize=100', { headers: { cookie } })).json()) as AdminEventPage).events.map(
    (e) => e.title,
  );

describe('a member of two organisations', () => {
  it('is told where they act and may switch; each organisation shows its own events with its own role', async () => {
    const cookie = await staffCookie(t, 'manager', 'two-hats@tdk.test');
    const before = await meOf(cookie);
    expect(before.organisation).toMatchObject({ id: first });
    expect(before.user).toMatchObject({ role: 'manager', organisationId: first, platformRole: null });
    expect(before.organisations!.map((o) => [o.id, o.role])).toEqual([
      [first, 'manager'],
      [second, 'admin'],
    ]);
    expect(await titles(cookie)).not.toContain('Second Club Derby');
    // A manager in the first organisation may not open its Users screen.
    expect((await t.app.request('/api/admin/users', { headers: { cookie } })).status).toBe(403);

    const switched = await t.app.request('/api/auth/organisation', jsonRequest('POST', { organisationId: second }, cookie));
    expect(switched.status).toBe(200);
    const answer = (await switched.json()) as MeResponse;
    expect(answer.organisation).toMatchObject({ id: second, displayName: 'Second Club' });
    expect(answer.user).toMatchObject({ role: 'admin', organisationId: second });
    const inSecond = cookieFrom(switched);
    expect(await titles(inSecond)).toEqual(['Second Club Derby']);
    expect((await t.app.request('/api/admin/users', { headers: { cookie: inSecond } })).status).toBe(200);
  });

  it('cannot switch to an organisation they are no member of: 404, and the session stays where it was', async () => {
    const cookie = await staffCookie(t, 'manager', 'two-hats@tdk.test');
    const refused = await t.app.request('/api/auth/organisation', jsonRequest('POST', { organisationId: stranger }, cookie));
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as ApiErrorBody).error.code).toBe('not_found');
    expect(refused.headers.get('set-cookie')).toBeNull();
    const unknown = await t.app.request('/api/auth/organisation', jsonRequest('POST', { organisationId: 999999 }, cookie));
    expect(unknown.status).toBe(404);
    expect((await meOf(cookie)).organisation).toMatchObject({ id: first });
  });

  it('falls back to an organisation left to them when a membership is removed, and is refused once in none', async () => {
    const email = 'leaving@tdk.test';
    await ensureTestStaff(t, 'support', email, { organisationId: first });
    const user = await ensureTestStaff(t, 'coordinator', email, { organisationId: second });
    const inSecond = await staffCookie(t, 'coordinator', email, { organisationId: second });
    expect((await meOf(inSecond)).organisation).toMatchObject({ id: second });
    await t.db.query((db) =>
      db.delete(memberships).where(and(eq(memberships.staffUserId, user.id), eq(memberships.organisationId, second))),
    );
    const after = await meOf(inSecond);
    expect(after.organisation).toMatchObject({ id: first });
    expect(after.user).toMatchObject({ role: 'support' });
    await t.db.query((db) => db.delete(memberships).where(eq(memberships.staffUserId, user.id)));
    const none = await t.app.request('/api/admin/events', { headers: { cookie: inSecond } });
    expect(none.status).toBe(403);
    expect(((await none.json()) as ApiErrorBody).error.message).toMatch(/not a member of any organisation/);
  });

  it('platform staff act in any organisation as support: they read, they change nothing', async () => {
    const cookie = await staffCookie(t, 'support', 'platform-watch@tdk.test', {
      organisationId: first,
      platformRole: 'platform_support',
    });
    const switched = await t.app.request('/api/auth/organisation', jsonRequest('POST', { organisationId: stranger }, cookie));
    expect(switched.status).toBe(200);
    const inStranger = cookieFrom(switched);
    expect(((await switched.json()) as MeResponse).user).toMatchObject({ role: 'support', organisationId: stranger });
    expect((await t.app.request('/api/admin/events', { headers: { cookie: inStranger } })).status).toBe(200);
    const write = await t.app.request('/api/admin/events', jsonRequest('POST', anEventInput(), inStranger));
    expect(write.status).toBe(403);
  });
});
