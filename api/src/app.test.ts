import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PlatformConfig } from './contract';
import type { Db } from './db/client';
import { settings } from './db/schema';
import { createApp } from './app';
import { createTestApp, type TestApp } from './testing/test-app';

// A database of its own for every test (unseeded, so cheap): tests below change settings and rename
// a table, and none may see another's changes.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { seed: false });
});
afterEach(() => t.close());

/** A statement Drizzle's builders cannot write (DDL): the SQL is the same on both engines, the call is not. */
const runStatement = (statement: string) =>
  t.db.query(async (db: Db) => {
    if (t.db.engine === 'postgres') await db.execute(sql.raw(statement));
    else (db as unknown as { run(query: ReturnType<typeof sql.raw>): unknown }).run(sql.raw(statement));
  });

describe('GET /api/health', () => {
  it('reports the database and the version', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok', version: '0.1.0' });
  });
});

describe('GET /api/config', () => {
  const config = async (app = t.app) => (await (await app.request('/api/config')).json()) as PlatformConfig;

  it('describes the platform and the emulated payments by default', async () => {
    expect(await config()).toEqual({
      platformName: 'TDK Sports',
      primaryColor: '#FF6B35',
      secondaryColor: '#2563EB',
      supportEmail: 'hello@tdksports.in',
      logoUrl: '',
      maxEventCapacity: 10000,
      bookingWindowDays: 90,
      cities: [
        'Mumbai',
        'Delhi',
        'Bangalore',
        'Chennai',
        'Hyderabad',
        'Pune',
        'Kolkata',
        'Ahmedabad',
        'Gurugram',
        'Jaipur',
        'Noida',
        'Thane',
        'Kochi',
        'Surat',
      ],
      defaultCity: 'Mumbai',
      // Every sport has its chip (issue 27).
      homeCategories: [
        'all',
        'football',
        'cricket',
        'basketball',
        'tennis',
        'running',
        'swimming',
        'cycling',
        'volleyball',
        'badminton',
        'hockey',
        'athletics',
        'other',
      ],
      eventCategories: [
        'Football',
        'Cricket',
        'Basketball',
        'Tennis',
        'Running',
        'Swimming',
        'Cycling',
        'Volleyball',
        'Badminton',
        'Hockey',
        'Athletics',
        'Other',
      ],
      payments: { provider: 'cashfree', mode: 'sandbox', sdkUrl: '/emulator/cashfree/sdk/v3/cashfree.js', emulated: true },
      // The registration form's privacy notice (decision 030): the standard text in each language, first version.
      privacyNotice: {
        version: 1,
        text: {
          en: expect.stringContaining('{organiser} collects each attendee'),
          hi: expect.stringContaining('{organiser}'),
          mr: expect.stringContaining('{organiser}'),
        },
      },
    });
  });

  it('follows the stored settings', async () => {
    await t.db.query((db) =>
      db
        .insert(settings)
        .values({ key: 'platformName', value: 'Khel Tickets' })
        .onConflictDoUpdate({ target: settings.key, set: { value: 'Khel Tickets' } }),
    );
    expect((await config()).platformName).toBe('Khel Tickets');
    await t.db.query((db) => db.delete(settings).where(eq(settings.key, 'platformName')));
    expect((await config()).platformName).toBe('TDK Sports');
  });

  it('points at Cashfree’s SDK outside emulator mode', async () => {
    for (const mode of ['sandbox', 'production'] as const) {
      const app = createApp({ db: t.db, env: { ...t.env, payments: { ...t.env.payments, mode } } });
      expect((await config(app)).payments).toEqual({
        provider: 'cashfree',
        mode,
        sdkUrl: 'https://sdk.cashfree.com/js/v3/cashfree.js',
        emulated: false,
      });
    }
  });
});

describe('the Cashfree emulator', () => {
  it('is mounted in development and test only, never in production', async () => {
    const emulatorPage = (app: ReturnType<typeof createApp>) => app.request('/emulator/cashfree/sdk/v3/cashfree.js');
    expect((await emulatorPage(t.app)).status).toBe(200);
    // Even an environment that slipped past env.ts gets no emulator in production.
    const production = createApp({ db: t.db, env: { ...t.env, nodeEnv: 'production' } });
    const page = await emulatorPage(production);
    expect(page.status).not.toBe(200);
    expect(await page.text()).not.toContain('Cashfree');
    const pay = await production.request('/emulator/cashfree/pay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ paymentSessionId: 'x', outcome: 'SUCCESS' }),
    });
    expect(pay.status).toBe(404);
  });
});

describe('errors', () => {
  it('answers unknown API paths with the error shape, whatever the method', async () => {
    const get = await t.app.request('/api/xyz');
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({ error: { code: 'not_found', message: 'No such API path: GET /api/xyz' } });
    const post = await t.app.request('/api/events/1/nothing', { method: 'POST' });
    expect(await post.json()).toEqual({ error: { code: 'not_found', message: 'No such API path: POST /api/events/1/nothing' } });
  });

  it('hides internals behind a 500', async () => {
    const app = createApp({ db: t.db, env: t.env });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await runStatement('ALTER TABLE events RENAME TO events_gone');
    try {
      const res = await app.request('/api/events/1');
      expect(res.status).toBe(500);
      const body = await res.json();
      expect(body).toEqual({ error: { code: 'internal_error', message: 'Something went wrong. Please try again.' } });
      expect(JSON.stringify(body)).not.toContain('events');
      // The details go to the server log instead (SQLite: no such table; PostgreSQL: relation does not exist).
      const details = logged.mock.calls[0]?.[1] as { message?: string; cause?: { message?: string } } | undefined;
      expect(`${details?.message} ${details?.cause?.message}`).toMatch(/no such table: events|relation "events" does not exist/);
    } finally {
      await runStatement('ALTER TABLE events_gone RENAME TO events');
      logged.mockRestore();
    }
  });
});
