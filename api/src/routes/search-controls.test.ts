// A NUL (or any control character) typed or crafted into a search is a clean 400 in the error
// shape on every list that searches, never a database error (issue 28, decision 029).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../contract';
import { staffCookie } from '../testing/staff-session';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await staffCookie(t, 'manager');
});
afterAll(() => t.close());

const SEARCHES = [
  '/api/events?q=',
  '/api/events?city=',
  '/api/admin/events?search=',
  '/api/admin/tickets?search=',
  '/api/admin/registrations?search=',
  '/api/admin/registrations/export.csv?search=',
];

describe('a control character in a search', () => {
  it.each(SEARCHES)('%s answers 400 validation_error for a NUL, and the same search without it 200', async (path) => {
    for (const text of ['run%00ner', '%00', 'mar%00athon%07', 'run\u202Ener'].map((v) => v.replace('\u202E', '%E2%80%AE'))) {
      const res = await t.app.request(`${path}${text}`, { headers: { cookie: manager } });
      expect(res.status, text).toBe(400);
      const body = (await res.json()) as ApiErrorBody;
      expect(body.error.code).toBe('validation_error');
      expect(body.error.message).toMatch(/control characters|characters/i);
    }
    expect((await t.app.request(`${path}runner`, { headers: { cookie: manager } })).status).toBe(200);
  });
});
