import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../contract/gst';
import { ORGANISATION_MESSAGES, SIGNUP_MESSAGES, type OrganisationSignupInput } from '../contract/organisations';
import type { MeResponse } from '../contract/staff';
import { auditLog, emailOutbox, memberships, organisations, organisationSignups, staffUsers } from '../db/schema';
import { validationText } from '../i18n/messages';
import { SIGNUPS_PER_ADDRESS } from '../services/organiser-signup';
import { createTestOrganisation } from '../testing/organisations';
import { ensureTestStaff, jsonRequest } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

let counter = 0;
/** Each test asks from its own address and e-mail, so the limits of one cannot touch another. */
const fresh = () => ++counter;
const addressOf = (n: number) => `198.51.100.${n}`;

const PAN = 'AAACR1234F';
/** A GSTIN of Maharashtra (27) holding PAN, with its right check character. */
const gstinFor = (pan: string, state = '27') => {
  const first14 = `${state}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
};

function body(n: number, change: { organisation?: Partial<OrganisationSignupInput['organisation']>; admin?: object } = {}) {
  return {
    organisation: {
      displayName: `Pune Running Club ${n}`,
      slug: `pune-runners-${n}`,
      legalName: `Pune Running Club ${n} LLP`,
      state: '27',
      pan: PAN,
      gstin: gstinFor(PAN),
      contactEmail: `club-${n}@example.in`,
      contactPhone: '98765 43210',
      ...change.organisation,
    },
    admin: { fullName: 'Asha Kulkarni', email: `asha-${n}@example.in`, password: 'long enough passphrase 41', ...change.admin },
  };
}

function post(path: string, json: unknown, ip: string) {
  const init = jsonRequest('POST', json);
  (init.headers as Record<string, string>)['X-Forwarded-For'] = ip;
  return t.app.request(path, init);
}
const signUp = (json: unknown, ip: string) => post('/api/organisers/signup', json, ip);
const verify = (token: string, ip: string) => post('/api/organisers/signup/verify', { token }, ip);
const english = (message: string) => validationText(message, 'en');

const mailTo = (to: string) =>
  t.db.query((db) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id)));
async function tokenSentTo(to: string): Promise<string> {
  const [mail] = await mailTo(to);
  expect(mail!.kind).toBe('organiser_signup_verification');
  // In the fragment (decision 048), never a query string a log would keep.
  expect(mail!.text).not.toMatch(/[?&]t(oken)?=/);
  return decodeURIComponent(/https?:\/\/\S+\/signup\/verify#t=([\w%-]+)/.exec(mail!.text)![1]!);
}
const organisationCount = () => t.db.query((db) => db.$count(organisations));
const staffCount = () => t.db.query((db) => db.$count(staffUsers));
const pendingFor = (email: string) =>
  t.db.query((db) => db.select().from(organisationSignups).where(eq(organisationSignups.email, email)));

async function expectFieldError(res: Response, status: number, field: string, message: string) {
  expect(res.status).toBe(status);
  const { error } = (await res.json()) as { error: { fields: Record<string, string> } };
  expect(error.fields[field]).toBe(english(message));
}

describe('POST /api/organisers/signup: bad input creates nothing', () => {
  it.each([
    [
      'a malformed PAN',
      { organisation: { pan: 'AAAC1234F', gstin: undefined } },
      'organisation.pan',
      ORGANISATION_MESSAGES.panFormat,
    ],
    [
      'a PAN of no holder kind',
      { organisation: { pan: 'AAAXR1234F', gstin: undefined } },
      'organisation.pan',
      ORGANISATION_MESSAGES.panEntity,
    ],
    ['a malformed GSTIN', { organisation: { gstin: '27AAACR1234F1Z' } }, 'organisation.gstin', ORGANISATION_MESSAGES.gstinFormat],
    [
      'a GSTIN with a wrong check character',
      { organisation: { gstin: `${gstinFor(PAN).slice(0, 14)}${gstinFor(PAN).endsWith('A') ? 'B' : 'A'}` } },
      'organisation.gstin',
      ORGANISATION_MESSAGES.gstinCheck,
    ],
    [
      'a GSTIN whose PAN is another',
      { organisation: { gstin: gstinFor('AAACS9876K') } },
      'organisation.gstin',
      ORGANISATION_MESSAGES.gstinPanMismatch,
    ],
    ['a reserved web address', { organisation: { slug: 'admin' } }, 'organisation.slug', ORGANISATION_MESSAGES.slugReserved],
    [
      'a web address of the wrong shape',
      { organisation: { slug: 'Pune Runners!' } },
      'organisation.slug',
      ORGANISATION_MESSAGES.slugShape,
    ],
    ['a short password', { admin: { password: 'short' } }, 'admin.password', `${ORGANISATION_MESSAGES.passwordTooShort}?min=12`],
    ['a common password', { admin: { password: 'password1234' } }, 'admin.password', ORGANISATION_MESSAGES.passwordTooCommon],
  ])('refuses %s on its field', async (_name, change, field, message) => {
    const n = fresh();
    const before = await organisationCount();
    const json = body(n, change as never);
    await expectFieldError(await signUp(json, addressOf(n)), 400, field, message);
    expect(await organisationCount()).toBe(before);
    expect(await pendingFor(json.admin.email)).toEqual([]);
    expect(await mailTo(json.admin.email)).toEqual([]);
  });

  it('refuses a taken web address with 409 on organisation.slug', async () => {
    await t.db.transaction((tx) => createTestOrganisation(tx, { slug: 'taken-club' }));
    const n = fresh();
    const json = body(n, { organisation: { slug: 'Taken-Club' } });
    await expectFieldError(await signUp(json, addressOf(n)), 409, 'organisation.slug', ORGANISATION_MESSAGES.slugTaken);
    expect(await pendingFor(json.admin.email)).toEqual([]);
  });

  it('answers in Hindi when asked in Hindi', async () => {
    const n = fresh();
    const init = jsonRequest('POST', body(n, { organisation: { pan: 'bad' } }));
    (init.headers as Record<string, string>)['X-Forwarded-For'] = addressOf(n);
    const res = await t.app.request('/api/organisers/signup?lang=hi', init);
    const { error } = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields['organisation.pan']).toBe(validationText(ORGANISATION_MESSAGES.panFormat, 'hi'));
    expect(error.fields['organisation.pan']).not.toBe(english(ORGANISATION_MESSAGES.panFormat));
  });

  it(`limits one address to ${SIGNUPS_PER_ADDRESS} sign-ups an hour (429 with Retry-After), whatever they were`, async () => {
    const ip = addressOf(200);
    for (let i = 0; i < SIGNUPS_PER_ADDRESS; i++) {
      const n = fresh();
      // Refused ones (a taken web address) count too.
      const res = await signUp(body(n, i % 2 ? { organisation: { slug: 'taken-club' } } : {}), ip);
      expect([202, 409]).toContain(res.status);
    }
    const n = fresh();
    const json = body(n);
    const res = await signUp(json, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/Too many sign-ups/);
    expect(await pendingFor(json.admin.email)).toEqual([]);
    // Another address is not held back by this one's flood.
    expect((await signUp(body(fresh()), addressOf(201))).status).toBe(202);
  });
});

describe('POST /api/organisers/signup and its link', () => {
  it('keeps a pending sign-up, mails a link, and the link creates the organisation, applied, with its admin signed in', async () => {
    const n = fresh();
    const ip = addressOf(n);
    const json = body(n);
    const organisationsBefore = await organisationCount();
    const res = await signUp(json, ip);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: english(SIGNUP_MESSAGES.sent) });
    // Nothing made before the e-mail is confirmed; only the token's hash and the password's hash are kept.
    expect(await organisationCount()).toBe(organisationsBefore);
    const [pending] = await pendingFor(json.admin.email);
    const token = await tokenSentTo(json.admin.email);
    expect(pending!.tokenHash).not.toContain(token);
    expect(pending!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(pending)).not.toContain(json.admin.password);
    expect(pending!.usedAt).toBeNull();

    const admins = await t.db.query((db) =>
      db.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.platformRole, 'platform_admin')),
    );
    expect(admins.length).toBeGreaterThan(0);

    const verified = await verify(token, ip);
    expect(verified.status).toBe(201);
    const answer = (await verified.json()) as { organisation: { id: number; slug: string; status: string } };
    expect(answer.organisation).toMatchObject({ slug: json.organisation.slug, status: 'applied' });
    const [organisation] = await t.db.query((db) =>
      db.select().from(organisations).where(eq(organisations.id, answer.organisation.id)),
    );
    expect(organisation).toMatchObject({
      displayName: json.organisation.displayName,
      legalName: json.organisation.legalName,
      pan: PAN,
      gstin: json.organisation.gstin,
      state: '27',
      status: 'applied',
    });
    const [admin] = await t.db.query((db) => db.select().from(staffUsers).where(eq(staffUsers.email, json.admin.email)));
    expect(admin).toMatchObject({ fullName: 'Asha Kulkarni', platformRole: null, passwordHash: pending!.passwordHash });
    expect(
      await t.db.query((db) =>
        db
          .select({ role: memberships.role, organisationId: memberships.organisationId })
          .from(memberships)
          .where(eq(memberships.staffUserId, admin!.id)),
      ),
    ).toEqual([{ role: 'admin', organisationId: organisation!.id }]);
    const audits = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.organisationId, organisation!.id), eq(auditLog.action, 'create'))),
    );
    expect(audits.map((a) => a.entity).sort()).toEqual(['organisation', 'staff_user']);
    expect((await pendingFor(json.admin.email))[0]!.usedAt).not.toBeNull();

    // The platform admins are told it awaits approval.
    const told = await t.db.query((db) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'organisation_applied'), like(emailOutbox.text, `%${json.organisation.displayName}%`))),
    );
    expect(told).toHaveLength(1);
    for (const { email } of admins) expect(told[0]!.to).toContain(email);

    // Signed in as the new admin, acting in the new organisation.
    const cookie = verified.headers.get('set-cookie')!.split(';')[0]!;
    const me = (await (await t.app.request('/api/auth/me', { headers: { cookie } })).json()) as MeResponse;
    expect(me.user).toMatchObject({ email: json.admin.email, role: 'admin', organisationId: organisation!.id });
    expect(me.organisation).toMatchObject({ id: organisation!.id, status: 'applied' });
    // And the password chosen at sign-up signs in.
    const login = await post('/api/auth/login', { email: json.admin.email, password: json.admin.password }, ip);
    expect(login.status).toBe(200);
  });

  it('refuses a link used twice, and a late one, with 400 and nothing created', async () => {
    const n = fresh();
    const json = body(n);
    expect((await signUp(json, addressOf(n))).status).toBe(202);
    const token = await tokenSentTo(json.admin.email);
    expect((await verify(token, addressOf(n))).status).toBe(201);
    const organisationsAfter = await organisationCount();
    const again = await verify(token, addressOf(n));
    await expectFieldError(again, 400, 'token', SIGNUP_MESSAGES.linkUsed);
    expect(await organisationCount()).toBe(organisationsAfter);

    const m = fresh();
    const late = body(m);
    expect((await signUp(late, addressOf(m))).status).toBe(202);
    const lateToken = await tokenSentTo(late.admin.email);
    await t.db.query((db) =>
      db
        .update(organisationSignups)
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(organisationSignups.email, late.admin.email)),
    );
    const staffBefore = await staffCount();
    await expectFieldError(await verify(lateToken, addressOf(m)), 400, 'token', SIGNUP_MESSAGES.linkExpired);
    await expectFieldError(await verify('not-a-real-token', addressOf(m)), 400, 'token', SIGNUP_MESSAGES.linkInvalid);
    expect(await organisationCount()).toBe(organisationsAfter);
    expect(await staffCount()).toBe(staffBefore);
  });

  it('refuses a link whose web address was taken since, creating nothing', async () => {
    const n = fresh();
    const json = body(n);
    expect((await signUp(json, addressOf(n))).status).toBe(202);
    const token = await tokenSentTo(json.admin.email);
    await t.db.transaction((tx) => createTestOrganisation(tx, { slug: json.organisation.slug }));
    const staffBefore = await staffCount();
    await expectFieldError(await verify(token, addressOf(n)), 409, 'organisation.slug', ORGANISATION_MESSAGES.slugTaken);
    expect(await staffCount()).toBe(staffBefore);
    expect((await pendingFor(json.admin.email))[0]!.usedAt).toBeNull();
  });

  it('answers an address that has a staff account as any other, mailing it a notice instead of a link', async () => {
    const n = fresh();
    await ensureTestStaff(t, 'manager', `existing-${n}@example.in`);
    const json = body(n, { admin: { email: `Existing-${n}@example.in` } });
    const res = await signUp(json, addressOf(n));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: english(SIGNUP_MESSAGES.sent) });
    expect(await pendingFor(`existing-${n}@example.in`)).toEqual([]);
    const [mail] = await mailTo(`existing-${n}@example.in`);
    expect(mail!.kind).toBe('organiser_signup_existing_account');
    expect(mail!.text).not.toMatch(/signup\/verify/);
  });
});

describe('GET /api/organisers/signup/slug-available and the terms', () => {
  it('says whether a web address is free, reserved, taken or misshapen', async () => {
    const check = async (slug: string) =>
      (
        await t.app.request(`/api/organisers/signup/slug-available?slug=${encodeURIComponent(slug)}`, {
          headers: { 'X-Forwarded-For': addressOf(250) },
        })
      ).json();
    expect(await check('Kolhapur-Kickers')).toEqual({ slug: 'kolhapur-kickers', available: true });
    await t.db.transaction((tx) => createTestOrganisation(tx, { slug: 'already-selling-club' }));
    expect(await check('Already-Selling-Club')).toEqual({
      slug: 'already-selling-club',
      available: false,
      problem: ORGANISATION_MESSAGES.slugTaken,
    });
    expect(await check('signup')).toMatchObject({ available: false, problem: ORGANISATION_MESSAGES.slugReserved });
    expect(await check('a')).toMatchObject({ available: false, problem: ORGANISATION_MESSAGES.slugShape });
  });

  it('tells the page the commission and how long the link works', async () => {
    const res = await t.app.request('/api/organisers/signup');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ commissionPercent: 5, linkHours: 24 });
  });
});
