import { axeViolations } from '../support/axe';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { gateNight } from '../support/check-in';
import { test, expect } from '../support/console';
import { latinWordsOn, outboxMails, pdfText, readMail } from '../support/languages';
import { signIn } from '../support/staff';
import { agreeToPrivacyNotice } from '../support/storefront';
import type { PlatformConfig, SportEvent } from '../../api/src/contract';

// Issue 26: a Hindi reader finds, buys, receives and uses a ticket without reading English, on a
// 360 px phone; the gate that admits it is set to Marathi (decision 019).

test.use({ viewport: { width: 360, height: 780 } });

const axe = (page: Page) => axeViolations(page);

test('a ticket bought entirely in Hindi, its e-mail and PDF in Hindi, admitted at a gate set to Marathi', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  const { event, ticket } = await gateNight(request, baseURL!, `Balewadi Night Run ${Date.now()}`);
  const email = `hindi.${Date.now()}@example.com`;
  const { supportEmail } = (await (await request.get('/api/config')).json()) as { supportEmail: string };
  // The organiser the page and privacy notice name (decisions 054, 055): its names, as it wrote them.
  const { event: listed } = (await (await request.get(`/api/events/${event.id}`)).json()) as { event: SportEvent };
  // What is not ours to translate: the organiser's text, names, codes, the brand, language names.
  const organiserText = [
    event.title,
    event.venue,
    event.description,
    event.organizer,
    listed.organiser.displayName,
    listed.organiser.legalName ?? '',
    event.contactEmail,
    ticket.name,
    ticket.description,
    'TDK Sports',
    'English',
    supportEmail,
    email,
    'Priya Sharma',
  ];

  // A shared link in Hindi: the page is drawn in Hindi and the choice is remembered.
  await page.goto('/events?lang=hi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { level: 1, name: 'सभी इवेंट' })).toBeVisible();
  await page.goto(`/event/${event.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  // The event page names the event (decision 075), served so and kept once the storefront runs.
  await expect(page).toHaveTitle(`${event.title} · TDK Sports`);

  await page.getByRole('tab', { name: 'टिकट' }).click();
  await page.getByRole('button', { name: `${ticket.name} बढ़ाएँ` }).click();
  await page.getByTestId('book-bar').getByRole('button', { name: 'पंजीकरण के लिए आगे बढ़ें' }).click();

  const form = page.getByTestId('registration-form');
  await expect(form.getByRole('heading', { name: 'प्रतिभागी की जानकारी' })).toBeVisible();
  const buyer = form.getByTestId('buyer-form');
  const attendee = form.getByTestId('attendee-form').first();
  // A field error reads in Hindi too, from the contract's own rule.
  await buyer.getByLabel('फ़ोन नंबर').fill('12345');
  await form.getByRole('button', { name: '₹499 का भुगतान करें' }).click();
  await expect(buyer.getByText('भारतीय फ़ोन नंबर लिखें, जैसे 98765 43210')).toBeVisible();

  await buyer.getByLabel('पूरा नाम').fill('Priya Sharma');
  await buyer.getByLabel('ईमेल').fill(email);
  await buyer.getByLabel('फ़ोन नंबर').fill('98200 12345');
  await attendee.getByLabel('ख़रीदार के समान').check();
  await attendee.getByLabel('जन्म तिथि').fill('1993-09-21');
  await attendee.getByLabel('लिंग').selectOption({ label: 'महिला' });
  await attendee.getByLabel('आपातकालीन संपर्क का नाम').fill('Rohan Sharma');
  await attendee.getByLabel('आपातकालीन संपर्क का फ़ोन').fill('98200 54321');
  // The privacy notice names the platform and its contact address, as staff set them (decision 030);
  // GSTIN is the tax number's own name, written so in Hindi too (decision 031).
  const config = (await (await page.request.get('/api/config')).json()) as PlatformConfig;
  expect(
    await latinWordsOn(page, 'main', [
      ...organiserText,
      config.platformName,
      config.supportEmail,
      'XS',
      'XXL',
      'XL',
      'AB',
      'GSTIN',
    ]),
  ).toEqual([]);
  await agreeToPrivacyNotice(form);
  expect(await axe(page)).toEqual([]);

  await form.getByRole('button', { name: '₹499 का भुगतान करें' }).click();
  const dialog = page.getByRole('dialog', { name: 'भुगतान' });
  await expect(dialog.getByText(ticket.name).first()).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole('button', { name: '₹499 का भुगतान करें' }).click();
  // The payment provider's own checkout (the emulator's) is theirs, not ours.
  await page
    .frameLocator('iframe[title="Cashfree checkout"]')
    .getByRole('button', { name: /UPI: success/ })
    .click();

  await expect(page).toHaveURL(/\/ticket\/REG[0-9A-Z]+#t=[\w-]{32}$/, { timeout: 15_000 });
  await expect(page.getByTestId('booked').getByRole('heading', { name: 'भुगतान और पंजीकरण सफल!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'आपका टिकट' })).toBeVisible();
  await expect(page.getByText('Priya Sharma').first()).toBeVisible();
  await expect(page.getByText('आधिकारिक इवेंट टिकट')).toBeVisible();
  const registrationNumber = /\/ticket\/(REG[0-9A-Z]+)/.exec(page.url())![1]!;
  // The code under the QR (what staff type when a camera fails) is a code, not words.
  const printedCode = await page.locator('figure figcaption').first().innerText();
  expect(await latinWordsOn(page, 'main', [...organiserText, printedCode, registrationNumber, 'PDF', 'QR', 'pm', 'am'])).toEqual(
    [],
  );
  expect(await axe(page)).toEqual([]);

  // The confirmation e-mail, in Hindi, its link opening the ticket in Hindi.
  await expect.poll(() => outboxMails().filter((mail) => mail.includes(registrationNumber)).length, { timeout: 30_000 }).toBe(2);
  const mine = outboxMails()
    .map(readMail)
    .find((mail) => mail.to.includes(email))!;
  expect(mine.subject).toBe(`${event.title} के लिए आपका टिकट (${registrationNumber})`);
  expect(mine.text).toContain('नमस्ते Priya Sharma,');
  expect(mine.text).toContain(`बुकिंग संदर्भ: ${registrationNumber}`);
  expect(mine.text).toContain(`Priya Sharma · ${ticket.name}`);
  expect(mine.html).toContain('lang="hi-IN"');
  const link = new RegExp(`https?://\\S+/ticket/${registrationNumber}\\?lang=hi#t=[\\w-]{32}`).exec(mine.text)![0];

  // Opened on another device (no cookie): the link alone says Hindi. Its PDF carries Hindi text.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const other = await phone.newPage();
  await other.goto(new URL(link).pathname + new URL(link).search + new URL(link).hash);
  await expect(other.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(other.getByText('आधिकारिक इवेंट टिकट')).toBeVisible();
  const download = other.waitForEvent('download');
  await other.getByRole('button', { name: 'PDF डाउनलोड करें' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`ticket-${registrationNumber}.pdf`);
  const bytes = readFileSync((await pdf.path())!);
  expect(bytes.toString('latin1')).toContain('/FontFile2');
  const words = pdfText(bytes);
  // Words without a vowel sign that jsPDF must draw before its consonant (it does not shape), read back as written.
  for (const phrase of ['इवेंट', 'तारीख', 'स्थान', `${registrationNumber}01`, registrationNumber, 'Priya Sharma'])
    expect(words).toContain(phrase);
  await phone.close();

  // The gate, set to Marathi on this device, admits it; the rest of the console stays English.
  const gate = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const staff = await gate.newPage();
  await signIn(staff, baseURL!, 'coordinator');
  await staff.goto(`/admin/registrations/check-in?event=${event.id}`);
  await expect(staff.getByRole('heading', { name: 'Gate Check-in' })).toBeVisible();
  await staff.getByRole('link', { name: 'मराठी' }).click();
  await expect(staff.getByRole('heading', { name: 'प्रवेशद्वार चेक-इन' })).toBeVisible();
  await staff.getByLabel('तिकीट कोड, तिकीट क्रमांक किंवा बुकिंग संदर्भ').fill(registrationNumber);
  await staff.getByRole('button', { name: 'प्रवेश द्या' }).click();
  // A typed number lists its booking (issue 28): staff admit the person from the list.
  const chooser = staff.locator('section[data-tone="choose"]');
  await expect(chooser.getByRole('heading', { name: `बुकिंग ${registrationNumber}` })).toBeVisible();
  await chooser.getByRole('button', { name: 'Priya Sharma यांना प्रवेश द्या' }).click();
  await expect(chooser.getByText('Priya Sharma यांना प्रवेश दिला')).toBeVisible();
  expect(await axe(staff)).toEqual([]);
  // Remembered on the device: a reload keeps the gate in Marathi.
  await staff.reload();
  await expect(staff.getByRole('heading', { name: 'प्रवेशद्वार चेक-इन' })).toBeVisible();
  await gate.close();
});

test('an English page loads no Devanagari font and no other language’s catalogue; bad choices read as English', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/events');
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((path) => /\.woff2?$|i18n-.*-(hi|mr)/.test(path))).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');

  await page.context().addCookies([{ name: 'tdk_lang', value: 'tamil', url: page.url() }]);
  await page.setExtraHTTPHeaders({ 'Accept-Language': '*' });
  const response = await page.goto('/?lang=xx');
  expect(response!.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('heading', { level: 1, name: 'Find your next sports event' })).toBeVisible();

  // The switcher: हिन्दी in place, remembered for the next page the server draws.
  await page.getByRole('banner').getByRole('link', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'अपना अगला खेल इवेंट खोजें' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'सभी इवेंट' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'मराठी' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'सर्व कार्यक्रम' })).toBeVisible();
});
