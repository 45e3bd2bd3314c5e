import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Registration } from '../../api/src/contract';
import { test, expect } from '../support/console';
import { readTicketPdf } from '../support/pdf-qr';
import { signIn } from '../support/staff';
import { eventWithTickets, fillParticipant, pickOneTicket, rupees, ticketsOf, toast } from '../support/storefront';

// Checkout through the built-in Cashfree emulator (DESIGN.md section 5), as a visitor does it.

const outbox = () => path.join(process.env.TDK_TEST_DATA_DIR!, 'outbox');
const emlFiles = () => {
  try {
    return readdirSync(outbox()).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
};

async function fillAndPay(page: Page, request: APIRequestContext, email: string) {
  const { event, paid } = await eventWithTickets(request);
  await pickOneTicket(page, event.id, paid);
  const form = await fillParticipant(page, email, 'Asha Rao');
  await form.getByRole('button', { name: `Pay ${rupees(paid.price)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog.getByText(`${paid.name} × 1`)).toBeVisible();
  await dialog.getByRole('button', { name: `Pay ${rupees(paid.price)}` }).click();
  return { event, paid, dialog, checkout: page.frameLocator('iframe[title="Cashfree checkout"]') };
}

/** Quoted-printable (as nodemailer writes .eml bodies) back to plain text. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

test('a successful payment: the ticket at once, saying so at its top, a Confirmed/Paid registration, one more sold and two e-mails', async ({
  page,
  request,
  baseURL,
}) => {
  const email = `asha.${Date.now()}@example.com`;
  const created = page.waitForResponse((res) => res.url().endsWith('/api/cashfree/create-order') && res.status() === 201);
  const { event, paid, checkout } = await fillAndPay(page, request, email);
  const { orderId } = (await (await created).json()) as { orderId: string };
  await checkout.getByRole('button', { name: /UPI: success/ }).click();

  // The buyer lands on their own ticket at once, at its top, told it went through; no form lingers.
  await expect(page).toHaveURL(/\/ticket\/REG[0-9A-Z]+#t=[\w-]{32}$/, { timeout: 10_000 });
  const success = page.getByTestId('booked');
  await expect(success.getByRole('heading', { name: 'Payment & Registration successful!' })).toBeFocused();
  await expect(success).toContainText(`${rupees(paid.price)} paid`);
  await expect(success).toContainText(`A confirmation e-mail is on its way to ${email}`);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('dialog', { name: 'Payment' })).toHaveCount(0);
  await expect(page.getByTestId('registration-form')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your ticket' })).toBeVisible();
  await expect(page.getByText('OFFICIAL EVENT TICKET')).toBeVisible();

  const after = (await ticketsOf(request, event.id)).find((ticket) => ticket.id === paid.id)!;
  expect(after.sold).toBe(paid.sold + 1);
  expect(after.held).toBe(0);

  // The order id travels in the return URL: verified from another browser it tells the status
  // only; the paying browser (its checkout cookie) is given the ticket link (decision 027).
  expect(await (await request.get(`/api/cashfree/verify-payment/${orderId}`)).json()).toEqual({ orderId, status: 'PAID' });
  expect(await (await page.request.get(`/api/cashfree/verify-payment/${orderId}`)).json()).toMatchObject({
    orderId,
    status: 'PAID',
    registration: { ticketUrl: expect.stringMatching(/^\/ticket\/REG/) },
  });

  await signIn(page, baseURL!, 'support');
  const { registrations } = (await (
    await page.request.get(`/api/admin/registrations?search=${encodeURIComponent(email)}`)
  ).json()) as {
    registrations: Registration[];
  };
  const mine = registrations.filter((registration) => registration.participantInfo.email === email);
  const reference = mine[0]!.bookingReference;
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({
    status: 'Confirmed',
    paymentStatus: 'Paid',
    paymentMethod: 'UPI',
    eventId: event.id,
    ticketName: paid.name,
  });
  expect(mine[0].participantInfo).toMatchObject({ firstName: 'Asha', lastName: 'Rao' });
  expect(mine[0].qrCode).toMatch(new RegExp(`^TDK-${mine[0].registrationNumber}-${event.id}-[\\w-]{10}$`));

  // The worker sends the participant's confirmation and the administrators' notification (the
  // sign-in above may add a Login Notification of its own, so only this registration's are counted).
  const readMails = () => emlFiles().map((file) => readFileSync(path.join(outbox(), file), 'utf8'));
  await expect
    .poll(() => readMails().filter((mail) => mail.includes(mine[0].registrationNumber)).length, { timeout: 30_000 })
    .toBe(2);
  const mails = readMails();
  expect(mails.some((mail) => mail.includes(`To: ${email}`) || mail.includes(`<${email}>`))).toBe(true);

  // The e-mail's "View your ticket" link opens the ticket, whose PDF is a portrait A6 page whose QR admits Asha.
  const confirmation = decodeQuotedPrintable(mails.find((mail) => mail.includes(`To: ${email}`))!);
  const link = new RegExp(`https?://[^\\s"<>]+/ticket/${reference}#t=[\\w-]{32}`).exec(confirmation)![0];
  await page.goto(new URL(link).pathname + new URL(link).search + new URL(link).hash);
  await expect(page.getByText(mine[0].registrationNumber).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`ticket-${reference}.pdf`);
  const bytes = readFileSync((await pdf.path())!);
  expect(bytes.toString('latin1').startsWith('%PDF-')).toBe(true);
  // A6 portrait: 105 × 148 mm is 297.64 × 419.53 points.
  const pages = readTicketPdf(bytes);
  expect(pages.map((p) => [p.width.toFixed(2), p.height.toFixed(2)])).toEqual([['297.64', '419.53']]);
  expect(pages[0]!.words).toContain(mine[0].registrationNumber);
  expect(pages[0]!.qr).toBe(mine[0].qrCode);
});

test('a ticket link with a wrong token shows only that it is not valid', async ({ page, browserConsole }) => {
  browserConsole.allow(/status of 404/);
  await page.goto('/ticket/REGNOSUCHTICKET?t=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
  await expect(page.getByRole('heading', { name: 'This ticket link is not valid' })).toBeVisible();
  await expect(page.getByText('OFFICIAL EVENT TICKET')).toHaveCount(0);
});

test("a declined card: the bank's reason in the dialog and the toast (issue 40), and the seat released", async ({
  page,
  request,
}) => {
  const { event, paid, dialog, checkout } = await fillAndPay(page, request, 'declined@example.com');
  await checkout.getByRole('button', { name: /Card: failure/ }).click();
  const said = 'Payment failed: Transaction declined by bank. Please try again or pay another way.';
  await expect(dialog.getByText(said)).toBeVisible({ timeout: 15_000 });
  await expect(toast(page, 'Payment failed')).toContainText(said);
  await expect(dialog.getByRole('button', { name: 'Try Again' })).toBeVisible();
  const after = (await ticketsOf(request, event.id)).find((ticket) => ticket.id === paid.id)!;
  expect({ sold: after.sold, held: after.held }).toEqual({ sold: paid.sold, held: 0 });
});

test("an abandoned checkout: 'Payment cancelled' with Try Again, no failure, no registration, the hold released", async ({
  page,
  request,
}) => {
  const { event, paid, dialog, checkout } = await fillAndPay(page, request, 'abandoned@example.com');
  await checkout.getByRole('button', { name: 'Cancel / close' }).click();
  await expect(dialog.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(dialog.getByText(/failed/i)).toHaveCount(0);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  const after = (await ticketsOf(request, event.id)).find((ticket) => ticket.id === paid.id)!;
  expect({ sold: after.sold, held: after.held, available: after.available }).toEqual({
    sold: paid.sold,
    held: 0,
    available: paid.available,
  });
});
