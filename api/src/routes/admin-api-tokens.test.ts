// API tokens (issue 45, decision 062): an organisation's admins create, list and revoke them; the
// secret is shown once and only its SHA-256 is stored; every change is audited.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenView, CreatedApiToken } from '../contract/api-tokens';
import { apiTokens, auditLog } from '../db/schema';
import { createTestOrganisation } from '../testing/organisations';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffCookie(t, 'admin');
});
afterAll(() => t.close());

const send = (method: string, path: string, body?: unknown, cookie = admin) =>
  t.app.request(path, jsonRequest(method, body, cookie));
const json = async <T>(res: Response) => (await res.json()) as T;
const future = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

describe('API tokens', () => {
  it('creates a token whose secret is answered once and stored only as its SHA-256', async () => {
    const name = `Timing system ${Math.random()}`;
    const res = await send('POST', '/api/admin/api-tokens', { name, scopes: ['check-in', 'read'], expiresAt: future() });
    expect(res.status).toBe(201);
    const created = await json<CreatedApiToken>(res);
    expect(created.token).toMatch(/^tdk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{40,}$/);
    expect(created.apiToken).toMatchObject({ id: created.id, name, scopes: ['read', 'check-in'], status: 'active' });
    expect(created.token.startsWith(created.apiToken.prefix)).toBe(true);
    const [row] = await t.db.query((db) => db.select().from(apiTokens).where(eq(apiTokens.id, created.id)));
    expect(row!.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(13));

    const listed = await json<{ tokens: ApiTokenView[] }>(await send('GET', '/api/admin/api-tokens'));
    const mine = listed.tokens.find((token) => token.id === created.id);
    expect(mine).toMatchObject({ name, prefix: created.apiToken.prefix, lastUsedAt: null, createdBy: 'test-admin@tdk.test' });
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const [audit] = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'api_token'), eq(auditLog.entityId, String(created.id)), eq(auditLog.action, 'create'))),
    );
    expect(audit!.actorEmail).toBe('test-admin@tdk.test');
    expect(JSON.stringify(audit!.detail)).not.toContain(created.token);
  });

  it("ends a token given a day at that day's midnight in India", async () => {
    const res = await send('POST', '/api/admin/api-tokens', {
      name: 'Season pass sync',
      scopes: ['read'],
      expiresAt: '2099-03-01',
    });
    expect((await json<CreatedApiToken>(res)).apiToken.expiresAt).toBe('2099-03-01T18:29:59.999Z');
  });

  it('refuses a token without a name or scope, or with an expiry in the past, naming the field', async () => {
    const noScope = await send('POST', '/api/admin/api-tokens', { name: 'CRM', scopes: [] });
    expect(noScope.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(noScope)).error.fields.scopes).toBe(
      'Choose at least one scope',
    );
    const noName = await send('POST', '/api/admin/api-tokens', { name: ' ', scopes: ['read'] });
    expect((await json<{ error: { fields: Record<string, string> } }>(noName)).error.fields.name).toBe('Name is required');
    const past = await send('POST', '/api/admin/api-tokens', { name: 'Old', scopes: ['read'], expiresAt: '2001-01-01' });
    expect(past.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(past)).error.fields.expiresAt).toBe(
      'The expiry must be in the future',
    );
  });

  it('revokes a token, audited, and answers 404 for another organisation’s', async () => {
    const created = await json<CreatedApiToken>(
      await send('POST', '/api/admin/api-tokens', { name: 'Zapier', scopes: ['read'] }),
    );
    const revoked = await send('DELETE', `/api/admin/api-tokens/${created.id}`);
    expect(revoked.status).toBe(200);
    expect((await json<{ apiToken: ApiTokenView }>(revoked)).apiToken.status).toBe('revoked');
    const audits = await t.db.query((db) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'api_token'), eq(auditLog.entityId, String(created.id)), eq(auditLog.action, 'revoke'))),
    );
    expect(audits).toHaveLength(1);

    const other = await t.db.query((db) =>
      createTestOrganisation(db, { slug: `other-${created.id}`, displayName: 'Other Club' }),
    );
    const otherAdmin = await staffCookie(t, 'admin', `admin-${created.id}@other.test`, { organisationId: other });
    const otherToken = await json<CreatedApiToken>(
      await send('POST', '/api/admin/api-tokens', { name: 'Other CRM', scopes: ['read'] }, otherAdmin),
    );
    expect((await send('DELETE', `/api/admin/api-tokens/${otherToken.id}`)).status).toBe(404);
    const listed = await json<{ tokens: ApiTokenView[] }>(await send('GET', '/api/admin/api-tokens'));
    expect(listed.tokens.map((token) => token.name)).not.toContain('Other CRM');
    const [row] = await t.db.query((db) => db.select().from(apiTokens).where(eq(apiTokens.id, otherToken.id)));
    expect(row!.revokedAt).toBeNull();
  });

  it('is for admins only', async () => {
    const manager = await staffCookie(t, 'manager');
    expect((await send('GET', '/api/admin/api-tokens', undefined, manager)).status).toBe(403);
    expect((await send('POST', '/api/admin/api-tokens', { name: 'x', scopes: ['read'] }, manager)).status).toBe(403);
  });
});
