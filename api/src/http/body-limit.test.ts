import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bigJson = (bytes: number) => JSON.stringify({ email: 'fan@example.com', padding: 'x'.repeat(bytes) });

describe('request body limits', () => {
  it('answers 413 in the error shape to a JSON body over 64 KB, before any route parses it', async () => {
    const res = await t.app.request('/api/newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: bigJson(70 * 1024),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large (at most 64 KB).' },
    });
  });

  it('counts the bytes of a streamed body that declares no length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 10 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await t.app.request('/api/newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    // It stopped reading soon after the limit instead of taking all 10 MB into memory.
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it('still takes an ordinary JSON body', async () => {
    const res = await t.app.request('/api/newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'limits@example.com' }),
    });
    expect(res.status).toBe(202);
  });

  it('lets a POST that declares an empty body through to its route (nothing to cap)', async () => {
    const res = await t.app.request('/api/auth/logout', { method: 'POST', headers: { 'Content-Length': '0' } });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it('allows an image upload up to 5 MB and refuses a larger one with 413', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/png' }), 'huge.png');
    const res = await t.app.request('/api/admin/uploads/images', { method: 'POST', body: form });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Image size must be less than 5MB');
  });
});
