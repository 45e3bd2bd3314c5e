import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { test, expect } from '../support/console';
import { outboxMails, pdfText, readMail } from '../support/languages';
import { signIn } from '../support/staff';
import { agreeToPrivacyNotice, fillAttendeeDetails, toast } from '../support/storefront';
import { organisationProfile, putOrganisationProfile, taxedSale } from '../support/taxed-sale';

// Issue 25, decision 031: with the organiser's GST registration set in Settings → Tax, a buyer buys
// a ₹499 and a ₹799 ticket at a recognised sporting event (the ₹499 admission is exempt, the ₹799
// one carries 18 % GST), sees the taxable value and the GST in the Booking Summary, pays in the
// emulator, opens the confirmation e-mail and follows its invoice link with no session, and reads
// the PDF back; a manager downloads the same invoice from the console's Invoices view, refunds one
// attendee, and the credit note is listed, linked from the refund notice, and names the invoice.

const GST = {
  gstLegalName: 'Sahyadri Runners Sports Foundation',
  gstAddress: '14 Law College Road, Erandwane, Pune 411004',
  gstState: '27',
  gstin: '27AAPFU0939F1ZV',
};

/** A recognised sporting event with a ₹499 and a ₹799 ticket at 18 % GST, made by the e2e admin. */
async function taxedEvent(request: APIRequestContext, baseURL: string) {
  const { event, tickets } = await taxedSale(
    request,
    baseURL,
    {
      title: `Sinhagad Hill Half ${Date.now()}`,
      description: 'A 21 km climb to the fort and back, timed by chip.',
      venue: 'Sinhagad Fort Base, Pune',
      organizer: 'Sahyadri Runners',
      contactEmail: 'race@sahyadri.example',
      inDays: 30,
      maxParticipants: 500,
      recognisedSport: true,
    },
    [
      { name: '10K Run', price: 499 },
      { name: 'Half Marathon', price: 799 },
    ],
  );
  return { event, tenK: tickets[0]!, half: tickets[1]! };
}

/** A document's PDF from a console link (a download), read back as text. */
async function downloadedText(page: Page, link: Locator) {
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  return { name: file.suggestedFilename(), text: pdfText(readFileSync((await file.path())!)) };
}

/** The buyer's e-mail of `kind` (by its subject), once the outbox has written it. */
async function mailTo(email: string, subject: RegExp) {
  await expect
    .poll(
      () =>
        outboxMails()
          .map(readMail)
          .filter((mail) => mail.to.includes(email) && subject.test(mail.subject)).length,
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(0);
  return outboxMails()
    .map(readMail)
    .find((mail) => mail.to.includes(email) && subject.test(mail.subject))!;
}

/**
 * The PDF behind a mailed document link (`/invoice/:id#t=…`, `/credit-note/:id#t=…`, decision 048),
 * fetched as its storefront page fetches it: no session, the fragment's token in X-Document-Token.
 */
async function openWithoutSession(browser: Browser, baseURL: string, url: string) {
  const stranger = await browser.newContext({ baseURL });
  const { pathname, hash } = new URL(url);
  const [, kind, key] = /^\/(invoice|credit-note|receipt)\/([^/]+)$/.exec(pathname)!;
  const token = new URLSearchParams(hash.slice(1)).get('t') ?? '';
  const response = await stranger.request.get(`/api/${kind === 'receipt' ? 'receipts' : 'invoices'}/${key}/pdf`, {
    headers: { 'X-Document-Token': token },
  });
  const body = await response.body();
  await stranger.close();
  return { response, body };
}

/** A mailed document link opened in a browser with no session: the file its page downloads, and the address it leaves. */
async function downloadFromPage(browser: Browser, baseURL: string, url: string) {
  const stranger = await browser.newContext({ baseURL });
  const page = await stranger.newPage();
  const { pathname, search, hash } = new URL(url);
  const download = page.waitForEvent('download');
  await page.goto(`${pathname}${search}${hash}`);
  const file = await download;
  await expect(page.getByRole('button', { name: 'Download invoice' })).toBeVisible();
  const result = { name: file.suggestedFilename(), text: pdfText(readFileSync((await file.path())!)), address: page.url() };
  await stranger.close();
  return result;
}

test('a buyer’s GST invoice: Booking Summary, e-mailed link, the PDF read back, the console’s copy and a credit note', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signIn(adminPage, baseURL!, 'admin');
  const before = await organisationProfile(adminPage.request, baseURL!);
  try {
    // Settings → Organisation, as the organiser fills in its tax identity (decision 055).
    await adminPage.goto('/admin/settings');
    const tax = adminPage.getByRole('region', { name: 'Organisation' });
    await tax.getByLabel('Legal name').fill(GST.gstLegalName);
    await tax.getByLabel('Address').fill(GST.gstAddress);
    await tax.getByLabel('State').selectOption(GST.gstState);
    await tax.getByLabel('PAN').fill(GST.gstin.slice(2, 12));
    await tax.getByLabel('GSTIN').fill(GST.gstin);
    await tax.getByRole('button', { name: 'Save Organisation' }).click();
    await expect(toast(adminPage, 'Organisation saved')).toBeVisible();

    const { event, tenK, half } = await taxedEvent(request, baseURL!);

    // The buyer chooses one of each; the Booking Summary asks the API for the price and its GST.
    await page.goto(`/event/${event.id}`);
    await page.getByRole('tab', { name: 'Tickets' }).click();
    await page.getByRole('button', { name: `Increase ${tenK.name}` }).click();
    await page.getByRole('button', { name: `Increase ${half.name}` }).click();
    const summary = page.getByTestId('booking-summary');
    await expect(summary.getByTestId('booking-subtotal')).toHaveText('₹1,298');
    // ₹499 exempt (a recognised sporting event, ₹500 or less); ₹799 at 18 %: taxable ₹677.12, GST ₹121.88.
    await expect(summary.getByTestId('summary-tax')).toContainText('Includes GST ₹121.88 (taxable value ₹1,176.12)');
    await expect(summary.getByTestId('summary-tax')).toContainText('CGST ₹60.94 + SGST ₹60.94');
    await page.screenshot({ path: test.info().outputPath('booking-summary-gst.png'), fullPage: true });
    await page.getByRole('button', { name: 'Continue to Register' }).click();

    const form = page.getByTestId('registration-form');
    const buyer = form.getByTestId('buyer-form');
    const email = `invoice.${Date.now()}@example.com`;
    await buyer.getByLabel('Full Name').fill('Rohini Kulkarni');
    await buyer.getByLabel('Email').fill(email);
    await buyer.getByLabel('Phone Number').fill('98220 33445');
    const attendees = form.getByTestId('attendee-form');
    await expect(attendees).toHaveCount(2);
    await attendees.nth(0).getByLabel('Same as buyer').check();
    await fillAttendeeDetails(attendees.nth(0), { dateOfBirth: '1990-02-14', gender: 'Female' });
    await attendees.nth(1).getByRole('button', { name: 'Copy contact and emergency details from participant 1' }).click();
    await fillAttendeeDetails(attendees.nth(1), { fullName: 'Aditya Kulkarni', dateOfBirth: '1988-07-30', gender: 'Male' });
    await agreeToPrivacyNotice(form);
    await form.getByRole('button', { name: 'Pay ₹1,298' }).click();
    await page.getByRole('dialog', { name: 'Payment' }).getByRole('button', { name: 'Pay ₹1,298' }).click();
    await page
      .frameLocator('iframe[title="Cashfree checkout"]')
      .getByRole('button', { name: /UPI: success/ })
      .click();
    await expect(page).toHaveURL(/\/ticket\/REG[0-9A-Z]+#t=[\w-]{32}$/, { timeout: 15_000 });
    const reference = /\/ticket\/(REG[0-9A-Z]+)/.exec(page.url())![1]!;

    // The confirmation: the taxable value, the GST, the invoice's number and its signed link.
    const confirmation = await mailTo(email, new RegExp(reference));
    expect(confirmation.text).toContain('Taxable value: ₹1,176.12');
    expect(confirmation.text).toContain('CGST: ₹60.94');
    expect(confirmation.text).toContain('SGST: ₹60.94');
    const number = /Tax invoice: (INV\/\d{4}\/\d{6,})/.exec(confirmation.text)![1]!;
    const link = new RegExp(`Download your GST tax invoice ${number.replaceAll('/', '\\/')}: (\\S+)`).exec(
      confirmation.text,
    )![1]!;
    // The storefront's page with the token in the fragment (decision 048): no log sees it.
    expect(link).toMatch(/\/invoice\/\d+#t=[\w-]{32}$/);
    expect(confirmation.html).toContain(`href="${link}"`);
    expect(confirmation.text).not.toContain('pdf?t=');

    // Opened from the mail on a device with no session: the PDF itself.
    const opened = await openWithoutSession(browser, baseURL!, link);
    expect(opened.response.status()).toBe(200);
    expect(opened.response.headers()['content-type']).toBe('application/pdf');
    const invoiceText = pdfText(opened.body);
    for (const words of [
      'Tax Invoice',
      `No. ${number}`,
      GST.gstLegalName,
      `GSTIN: ${GST.gstin}`,
      'Rohini Kulkarni',
      'Place of supply: Maharashtra (27)',
      'SAC 9996',
      // Each ticket type's line (its description wraps onto a second line of the column).
      `Admission: ${event.title}`,
      'Exempt',
      '677.12',
      '18%',
      'CGST',
      'SGST',
      '60.94',
      'Taxable valueRs. 1,176.12',
      'Total (GST included)Rs. 1,298.00',
      'Amount in words: Rupees One Thousand Two Hundred Ninety Eight Only',
    ]) {
      expect(invoiceText).toContain(words);
    }
    // The link opened in a browser: the page drops the token from the address bar and downloads the same PDF.
    const fromPage = await downloadFromPage(browser, baseURL!, link);
    expect(fromPage.name).toBe(`${number.replaceAll('/', '-')}.pdf`);
    expect(fromPage.text).toBe(invoiceText);
    expect(new URL(fromPage.address).hash).toBe('');
    // A link mailed before decision 048 (`/api/invoices/:id/pdf?t=`) still opens the PDF.
    const { pathname: pagePath, hash: pageHash } = new URL(link);
    const stranger = await browser.newContext({ baseURL });
    const old = await stranger.request.get(`/api/invoices/${pagePath.split('/').at(-1)}/pdf?${pageHash.slice(1)}`);
    expect(old.status()).toBe(200);
    expect(pdfText(await old.body())).toBe(invoiceText);
    await stranger.close();

    // A token changed by one character opens nothing, in the API's error shape.
    const forged = await openWithoutSession(
      browser,
      baseURL!,
      link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    );
    expect(forged.response.status()).toBe(404);
    expect(JSON.parse(forged.body.toString())).toEqual({
      error: { code: 'not_found', message: 'This invoice link is not valid' },
    });

    // The manager finds the same invoice in the console and downloads it.
    const manager = await browser.newContext({ baseURL });
    const managerPage = await manager.newPage();
    await signIn(managerPage, baseURL!, 'manager');
    await managerPage.goto(`/admin/registrations/invoices?q=${encodeURIComponent(number)}`);
    const invoiceRow = managerPage.getByRole('row').filter({ hasText: number });
    await expect(invoiceRow).toContainText('Tax invoice');
    await expect(invoiceRow).toContainText('₹1,176.12');
    const fromConsole = await downloadedText(managerPage, invoiceRow.getByRole('link', { name: `Download PDF of ${number}` }));
    expect(fromConsole.name).toBe(`${number.replaceAll('/', '-')}.pdf`);
    expect(fromConsole.text).toBe(invoiceText);

    // The manager refunds the Half Marathon attendee.
    await managerPage.goto(`/admin/registrations?search=${reference}`);
    const leaving = managerPage.getByRole('row').filter({ hasText: 'Aditya Kulkarni' });
    const ticketNumber = (await leaving.innerText()).match(/REG[0-9A-Z]+\d{2}/)![0];
    await leaving.getByRole('button', { name: `Actions for ${ticketNumber}` }).click();
    await managerPage.getByRole('menuitem', { name: 'Open Booking' }).click();
    const booking = managerPage.getByRole('dialog', { name: 'Booking' });
    await booking.getByRole('button', { name: 'Refund' }).click();
    const refund = managerPage.getByRole('dialog', { name: 'Refund' });
    await refund.getByRole('checkbox', { name: new RegExp(ticketNumber) }).check();
    await expect(refund.getByLabel(/Amount/)).toHaveValue('799');
    await refund.getByLabel(/Reason/).fill('Injured in training; asked by phone');
    await refund.getByRole('button', { name: 'Review refund' }).click();
    await refund.getByRole('button', { name: 'Confirm refund' }).click();
    await expect(toast(managerPage, 'Refund started')).toBeVisible();

    // The credit note is listed against the invoice, and its PDF names it.
    await managerPage.goto(`/admin/registrations/invoices?kind=credit_note&eventId=${event.id}`);
    const noteRow = managerPage.getByRole('row').filter({ hasText: `against ${number}` });
    await expect(noteRow).toContainText('Credit note');
    await expect(noteRow).toContainText('-₹799');
    const noteNumber = (await noteRow.innerText()).match(/CRN\/\d{4}\/\d{6,}/)![0];
    const note = await downloadedText(managerPage, noteRow.getByRole('link', { name: `Download PDF of ${noteNumber}` }));
    expect(note.text).toContain('Credit Note');
    expect(note.text).toContain(`No. ${noteNumber}`);
    expect(note.text).toMatch(new RegExp(`Against tax invoice ${number.replaceAll('/', '\\/')} of \\d{2}-\\d{2}-\\d{4}`));
    expect(note.text).toContain('Amount in words: Rupees Seven Hundred Ninety Nine Only');
    // At 1280 px the list fits: the total is read in full, not under the PDF column.
    await managerPage.setViewportSize({ width: 1280, height: 800 });
    const frame = managerPage.locator('table').locator('xpath=..');
    expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    await expect(noteRow.getByRole('cell', { name: '-₹799' })).toBeInViewport({ ratio: 1 });
    await managerPage.screenshot({ path: test.info().outputPath('invoices-console.png'), fullPage: true });

    // The buyer's refund notice names the credit note and links it, as the confirmation its invoice.
    const notice = await mailTo(email, /^Refund for/);
    expect(notice.text).toContain(`Credit note: ${noteNumber}`);
    const noteLink = /Download the credit note \S+ of this refund: (\S+)/.exec(notice.text)![1]!;
    expect(noteLink).toMatch(/\/credit-note\/\d+#t=[\w-]{32}$/);
    const noteOpened = await openWithoutSession(browser, baseURL!, noteLink);
    expect(noteOpened.response.status()).toBe(200);
    expect(pdfText(noteOpened.body)).toBe(note.text);
    await manager.close();
  } finally {
    // The other journeys sell without GST. Signed in afresh: the admin's other sign-in (the event's
    // set-up) may have ended this context's session.
    await putOrganisationProfile(adminPage.request, baseURL!, before);
    await admin.close();
  }
});
