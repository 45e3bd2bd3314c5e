import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EVENT_CATEGORIES, PUBLIC_CITIES, ROLES, SETTINGS_DEFAULTS, TICKET_CATEGORIES } from '../contract';
import { verifyPassword } from '../services/passwords';
import { upsertAdmin } from '../services/staff';
import { tempDir } from '../testing/test-app';
import { prepareDatabase } from './migrate';
import { events, settings, staffUsers, ticketTypes } from './schema';
import { formatCredentialsNotice, seedIfEmpty, type SeedResult } from './seed';

const dirs: string[] = [];
const freshDb = () => {
  const dir = tempDir('tdk-seed-');
  dirs.push(dir);
  return prepareDatabase(join(dir, 'data')).db;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('seeding a fresh database (development)', () => {
  let db: ReturnType<typeof freshDb>;
  let result: SeedResult;
  const now = new Date('2026-03-10T06:30:00Z');
  beforeAll(async () => {
    db = freshDb();
    result = await seedIfEmpty(db, { nodeEnv: 'development', now });
  });

  it('covers every category, every public city and Online', () => {
    const rows = db.select().from(events).all();
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((e) => e.category))).toEqual(new Set(EVENT_CATEGORIES));
    expect(new Set(rows.map((e) => e.location))).toEqual(new Set([...PUBLIC_CITIES, 'Online']));
    for (const e of rows) {
      expect(e.location).toBe(e.venue === 'Online' ? 'Online' : e.venue.split(',').at(-1)!.trim());
      expect(e.imageUrl).toBeNull();
      expect(e.organizer && e.contactEmail && e.contactPhone).toBeTruthy();
    }
  });

  it('dates events relative to today, Completed ones in the past', () => {
    const rows = db.select().from(events).all();
    const today = '2026-03-10';
    for (const e of rows.filter((r) => r.status === 'Completed')) expect(e.date < today).toBe(true);
    for (const e of rows.filter((r) => r.status !== 'Completed')) expect(e.date > today).toBe(true);
    expect(rows.filter((r) => r.status === 'Draft').length).toBeGreaterThanOrEqual(1);
    expect(rows.some((r) => r.pricePaise === 0)).toBe(true);
  });

  it('uses every ticket category, some scarce and some with validity windows', () => {
    const tickets = db.select().from(ticketTypes).all();
    expect(new Set(tickets.map((x) => x.category))).toEqual(new Set(TICKET_CATEGORIES));
    expect(tickets.some((x) => x.status === 'Active' && x.quantity - x.sold < 50)).toBe(true);
    expect(tickets.some((x) => x.validFrom && x.validUntil)).toBe(true);
  });

  it('creates one staff account per role with argon2id hashes of the passwords it returns', async () => {
    const staff = db.select().from(staffUsers).all();
    expect(staff.map((s) => s.role).sort()).toEqual([...ROLES].sort());
    expect(result.staffCredentials).toHaveLength(4);
    for (const cred of result.staffCredentials) {
      expect(cred.password).toMatch(/^[A-Za-z2-9]{16}$/);
      const row = staff.find((s) => s.email === cred.email)!;
      expect(row.role).toBe(cred.role);
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.passwordHash).not.toContain(cred.password);
      expect(await verifyPassword(row.passwordHash, cred.password)).toBe(true);
      expect(await verifyPassword(row.passwordHash, `${cred.password}x`)).toBe(false);
    }
  });

  it('writes the default settings', () => {
    const keys = db
      .select({ key: settings.key })
      .from(settings)
      .all()
      .map((r) => r.key);
    expect(keys.sort()).toEqual(Object.keys(SETTINGS_DEFAULTS).sort());
  });

  it('frames the credentials notice with every account', () => {
    const notice = formatCredentialsNotice(result.staffCredentials);
    for (const cred of result.staffCredentials) expect(notice).toContain(`${cred.email}`);
    for (const cred of result.staffCredentials) expect(notice).toContain(cred.password);
    expect(notice.split('\n')[0]).toMatch(/^=+$/);
  });

  it('never seeds twice, even after every event is deleted', async () => {
    db.delete(events).run();
    const again = await seedIfEmpty(db, { nodeEnv: 'development', now });
    expect(again).toEqual({ seeded: false, staffCredentials: [] });
    expect(db.select().from(events).all()).toEqual([]);
  });
});

describe('seeding in production', () => {
  it('creates the demo data but no staff account and no password', async () => {
    const db = freshDb();
    const result = await seedIfEmpty(db, { nodeEnv: 'production' });
    expect(result).toEqual({ seeded: true, staffCredentials: [] });
    expect(db.select().from(staffUsers).all()).toEqual([]);
    expect(db.select().from(events).all().length).toBeGreaterThan(0);
    db.$client.close();
  });
});

describe('upsertAdmin (ADMIN_EMAIL / ADMIN_PASSWORD)', () => {
  it('creates the admin, then resets its password, role and sessions', async () => {
    const db = freshDb();
    expect(await upsertAdmin(db, 'Owner@Example.com', 'first-password')).toEqual({ created: true });
    let row = db.select().from(staffUsers).where(eq(staffUsers.email, 'owner@example.com')).get()!;
    expect(row.role).toBe('admin');
    expect(await verifyPassword(row.passwordHash, 'first-password')).toBe(true);

    db.update(staffUsers).set({ role: 'support', disabled: true }).where(eq(staffUsers.id, row.id)).run();
    expect(await upsertAdmin(db, 'owner@example.com', 'second-password')).toEqual({ created: false });
    row = db.select().from(staffUsers).where(eq(staffUsers.id, row.id)).get()!;
    expect(row).toMatchObject({ role: 'admin', disabled: false, tokenVersion: 1 });
    expect(await verifyPassword(row.passwordHash, 'second-password')).toBe(true);
    expect(await verifyPassword(row.passwordHash, 'first-password')).toBe(false);

    await expect(upsertAdmin(db, 'owner@example.com', 'short')).rejects.toThrow(/at least 12/);
    db.$client.close();
  });
});
