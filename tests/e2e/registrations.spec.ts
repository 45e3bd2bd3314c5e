import type { APIRequestContext } from '@playwright/test';
import type { CreateOrderResponse } from '../../api/src/contract';
import { test, expect } from '../support/console';
import { signIn } from '../support/staff';
import { eventWithTickets, toast } from '../support/storefront';
import { orderBody } from '../support/order-body.mjs';

// The registrations console (issue 10) over a real purchase through the payments emulator.

async function buy(request: APIRequestContext, baseURL: string, email: string) {
  const { event, paid } = await eventWithTickets(request);
  const headers = {
    'Content-Type': 'application/json',
    Origin: new URL(baseURL).origin,
    'X-Forwarded-For': `10.99.${Date.now() % 250}.7`,
  };
  const created = await request.post('/api/cashfree/create-order', {
    headers,
    data: orderBody(event.id, paid.id, { fullName: 'Kavya Menon', email, phone: '98200 77777' }),
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as CreateOrderResponse;
  const payment = await request.post(`/emulator/cashfree/pay/${order.payment_session_id}`, {
    headers,
    data: { outcome: 'success' },
  });
  expect(payment.ok()).toBe(true);
  const verified = (await (await request.get(`/api/cashfree/verify-payment/${order.orderId}`)).json()) as {
    registration: { registrationNumber: string };
  };
  return verified.registration.registrationNumber;
}

test('staff download a ticket, message the participant, edit and delete a paid registration', async ({
  page,
  request,
  baseURL,
}) => {
  const email = `kavya.${Date.now()}@example.com`;
  const number = await buy(request, baseURL!, email);
  // WhatsApp and mail links would leave the page: record where they go instead.
  await page.addInitScript(() => {
    (window as unknown as { opened: string[] }).opened = [];
    window.open = (url?: string | URL) => {
      (window as unknown as { opened: string[] }).opened.push(String(url));
      return null;
    };
  });
  await signIn(page, baseURL!, 'admin');
  await page.goto(`/admin/registrations?search=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: 'Registration Management' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  const action = async (name: string) => {
    await row.getByRole('button', { name: `Actions for ${number}` }).click();
    await page.getByRole('menuitem', { name }).click();
  };

  // The ticket and its PDF.
  await action('View Ticket');
  const ticket = page.getByRole('dialog', { name: 'Event Ticket' });
  await expect(ticket.getByText('OFFICIAL EVENT TICKET')).toBeVisible();
  const download = page.waitForEvent('download');
  await ticket.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`ticket-${number}01.pdf`);
  await expect(toast(page, 'Ticket Download')).toBeVisible();
  await page.keyboard.press('Escape');

  // WhatsApp (the phone without its plus sign), recorded once staff say it was sent; the e-mail
  // sent by the platform itself; then the flags in the timeline.
  await action('Send WhatsApp');
  await expect(toast(page, 'Opened WhatsApp')).toBeVisible();
  await page
    .getByRole('alertdialog', { name: 'Was the WhatsApp message sent?' })
    .getByRole('button', { name: 'Yes, it was sent' })
    .click();
  await expect(toast(page, 'WhatsApp recorded')).toBeVisible();
  // The list is read again once the e-mail is queued (it records it): the details come from that.
  const refreshed = page.waitForResponse(
    (response) => response.url().includes('/api/admin/registrations?') && response.request().method() === 'GET',
  );
  await action('Send Email');
  await expect(toast(page, 'E-mail queued')).toBeVisible();
  await refreshed;
  const opened = await page.evaluate(() => (window as unknown as { opened: string[] }).opened);
  // The phone is stored as its 10 digits; WhatsApp gets India's code in front. No mail client opens.
  expect(opened).toHaveLength(1);
  expect(opened[0]).toMatch(/^https:\/\/wa\.me\/919820077777\?text=/);
  await action('View Details');
  const details = page.getByRole('dialog', { name: 'Registration Details' });
  const timeline = details.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('WhatsApp sentYes');
  await expect(timeline).toContainText('Email sentYes');
  await expect(timeline).toContainText('Ticket downloadedYes');

  // Edit from the details dialog.
  await details.getByRole('button', { name: 'Edit Registration' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Registration' });
  await edit.getByLabel('Admin Notes').fill('Collects her kit on Saturday');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Registration Updated')).toBeVisible();
  await action('View Details');
  await expect(page.getByRole('dialog', { name: 'Registration Details' })).toContainText('Collects her kit on Saturday');
  await page.keyboard.press('Escape');

  // Delete: paid, so the warning and Delete Anyway.
  await action('Delete Registration');
  const confirm = page.getByRole('alertdialog', { name: 'Delete Registration' });
  await expect(confirm.getByText('Payment Processed')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete Anyway' }).click();
  await expect(toast(page, 'Registration Deleted')).toBeVisible();
  await expect(page.getByText('No registrations found.')).toBeVisible();
});
