// The public Terms, Privacy, Refund policy and Contact pages: staff set their texts in Settings
// (within limits), GET /api/legal/:page serves them with the platform's name filled in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_TEXT_MAX, type LegalPageResponse, type PlatformSettings } from '../contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import { jsonRequest, staffCookie } from '../testing/staff-session';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffCookie(t, 'admin', 'test-platform-admin@tdk.test', { platformRole: 'platform_admin' });
});
afterAll(() => t.close());

const put = (body: unknown) => t.app.request('/api/admin/settings', jsonRequest('PUT', body, admin));
const page = async (name: string) => {
  const res = await t.app.request(`/api/legal/${name}`);
  return { status: res.status, body: (await res.json()) as LegalPageResponse & { error?: { message: string } } };
};
const restore = () => put({ platformName: 'TDK Sports', termsText: '', privacyText: '', refundPolicyText: '', contactText: '' });

describe('GET /api/legal/:page', () => {
  it('serves each standard text naming the platform, Cashfree and the contact details, renamed with the platform', async () => {
    try {
      expect(
        (await put({ platformName: 'Khel India', contactEmail: 'help@khel.in', supportPhone: '+91 99887 76655' })).status,
      ).toBe(200);
      for (const name of ['terms', 'privacy', 'refunds', 'contact']) {
        const { status, body } = await page(name);
        expect(status).toBe(200);
        expect(body).toMatchObject({
          page: name,
          platformName: 'Khel India',
          contactEmail: 'help@khel.in',
          supportPhone: '+91 99887 76655',
        });
        expect(body.text).toContain('Khel India');
        expect(body.text).not.toContain('TDK Sports');
        expect(body.text).not.toMatch(/\{(platformName|contactEmail|supportPhone)\}/);
      }
      expect((await page('terms')).body.text).toContain('Cashfree Payments');
      expect((await page('privacy')).body.text).toContain('Grievance Officer at help@khel.in or call +91 99887 76655');
      expect((await page('refunds')).body.text).toContain('back to the original payment method through Cashfree Payments');
      expect((await page('contact')).body.text).toContain('Grievance Officer');
    } finally {
      await put({ contactEmail: 'hello@tdksports.in', supportPhone: '+91 98200 00000' });
      await restore();
    }
  });

  it('answers 404 for a page that does not exist', async () => {
    const { status, body } = await page('cookies');
    expect(status).toBe(404);
    expect(body.error?.message).toBe('No such page');
  });
});

describe('the pages’ texts in Settings', () => {
  it('saves a text as typed (line breaks as LF), serves it filled, and empty brings back the standard text', async () => {
    try {
      const res = await put({ termsText: '  Book with {platformName}.\r\n\r\nNo refunds on <3 day passes.  ' });
      expect(res.status).toBe(200);
      const { settings } = (await res.json()) as { settings: PlatformSettings };
      expect(settings.termsText).toBe('Book with {platformName}.\n\nNo refunds on <3 day passes.');
      expect((await page('terms')).body.text).toBe('Book with TDK Sports.\n\nNo refunds on <3 day passes.');
      // The other pages keep their standard texts.
      expect((await page('refunds')).body.text).toContain('organiser decides');

      expect((await put({ termsText: '' })).status).toBe(200);
      expect((await page('terms')).body.text).toContain('These terms apply to everyone who uses TDK Sports');
    } finally {
      await restore();
    }
  });

  it('refuses HTML and over-long texts with a clear message, and keeps the text it had', async () => {
    const html = await put({ privacyText: 'Read <a href="https://evil.example">this</a>' });
    expect(html.status).toBe(400);
    expect(await html.json()).toMatchObject({
      error: { fields: { privacyText: 'Privacy policy must be plain text, without HTML tags' } },
    });
    const long = await put({ refundPolicyText: 'x'.repeat(LEGAL_TEXT_MAX + 1) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      error: { fields: { refundPolicyText: 'Refund and cancellation policy must be at most 20,000 characters' } },
    });
    expect((await put({ contactText: 'x'.repeat(LEGAL_TEXT_MAX) })).status).toBe(200);
    await restore();
    expect((await page('privacy')).body.text).toContain('Digital Personal Data Protection Act, 2023');
    expect((await page('refunds')).body.text).toContain('organiser decides');
  });

  it('changes the served page at once, although answers are cached', async () => {
    try {
      expect((await page('contact')).body.text).toContain('TDK Sports helps people');
      await put({ contactText: 'Desk: Shivaji Park, Mumbai 400028' });
      expect((await page('contact')).body.text).toBe('Desk: Shivaji Park, Mumbai 400028');
    } finally {
      await restore();
    }
  });
});
