import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiErrorBody } from '../contract';
import { newsletterSubscribers } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribersOf = (email: string) =>
  t.db.query((db) => db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)));

const subscribe = (body: unknown) =>
  t.app.request('http://localhost/api/newsletter', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
    body: JSON.stringify(body),
  });

describe('POST /api/newsletter', () => {
  it('subscribes a new address with 201 and stores it lower-cased', async () => {
    const res = await subscribe({ email: '  Runner@Example.com ' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ subscribed: true, alreadySubscribed: false });
    expect(await subscribersOf('runner@example.com')).toHaveLength(1);
  });

  it('answers a duplicate kindly with 200 and keeps one row', async () => {
    expect((await subscribe({ email: 'swimmer@example.com' })).status).toBe(201);
    const res = await subscribe({ email: 'SWIMMER@example.com' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ subscribed: true, alreadySubscribed: true });
    expect(await subscribersOf('swimmer@example.com')).toHaveLength(1);
  });

  it.each([['not-an-email'], ['a@b'], ['two words@x.com']])('rejects %s with 400 Invalid email format', async (email) => {
    const res = await subscribe({ email });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ApiErrorBody;
    expect(error.code).toBe('validation_error');
    expect(error.fields?.email).toBe('Invalid email format');
  });

  it('rejects a missing e-mail with 400 naming the field', async () => {
    const res = await subscribe({});
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ApiErrorBody;
    expect(error.fields?.email).toBe('Email is required');
  });
});
