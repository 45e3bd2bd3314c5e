import type { AdminOrderResponse } from '../../api/src/contract';
import { gateNight, paidOrder } from '../support/check-in';
import { test, expect } from '../support/console';
import { outboxMails, readMail } from '../support/languages';
import { signIn } from '../support/staff';
import { toast } from '../support/storefront';

// Cancelling an event (issue 24, decision 025): a manager cancels an event with three paid orders in
// the console, keeping a fee per ticket; every buyer gets the cancellation e-mail with their refund,
// and the payments emulator settles each refund.

test('a manager cancels an event with three paid orders; every buyer is refunded and told', async ({
  page,
  request,
  baseURL,
}) => {
  const title = `Cancelled Night ${Date.now()}`;
  const { event, ticket } = await gateNight(request, baseURL!, title);
  const orders = [
    await paidOrder(request, baseURL!, event, ticket, 'Nisha Kulkarni', 2),
    await paidOrder(request, baseURL!, event, ticket, 'Arjun Mehta', 1),
    await paidOrder(request, baseURL!, event, ticket, 'Leela Iyer', 1),
  ];
  await signIn(page, baseURL!, 'manager');

  await page.goto('/admin/events');
  await page.getByPlaceholder('Search events...').fill(title);
  await page.getByRole('button', { name: `View ${title}` }).click();
  const details = page.getByRole('dialog', { name: title });
  await details.getByRole('button', { name: 'Cancel Event' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel Event' });
  await dialog.getByLabel(/Keep a fee per ticket/).check();
  await dialog.getByLabel(/Fee kept per ticket/).fill('20');
  await dialog.getByLabel(/Reason/).fill('The stadium lights failed');
  const confirm = dialog.getByRole('button', { name: 'Cancel event and refund' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type the event's title/).fill(title);
  await confirm.click();
  await expect(toast(page, 'Event cancelled')).toBeVisible();

  // Every order gets one refund (its tickets less ₹20 each) that the emulator settles.
  for (const order of orders) {
    const orderId = order.attendees[0]!.orderId!;
    await expect
      .poll(
        async () => {
          const answer = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as AdminOrderResponse;
          return answer.refunds.map((r) => r.status).join(',');
        },
        { timeout: 30_000 },
      )
      .toBe('succeeded');
    await expect
      .poll(
        () =>
          outboxMails()
            .map(readMail)
            .filter((mail) => mail.subject === `${title} is cancelled (${order.bookingReference})`).length,
        { timeout: 30_000 },
      )
      .toBe(1);
    const mail = outboxMails()
      .map(readMail)
      .find((m) => m.subject === `${title} is cancelled (${order.bookingReference})`)!;
    expect(mail.text).toContain('The stadium lights failed');
    expect(mail.text).toContain('the organiser keeps ₹20');
  }

  // The console shows the refunds done; the public page says the event is cancelled.
  await page.goto('/admin/events');
  await page.getByPlaceholder('Search events...').fill(title);
  await page.getByRole('button', { name: `View ${title}` }).click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Refunds' }).click();
  await expect(page.getByTestId('cancellation-progress')).toContainText('3 of 3 orders refunded');
  await page.goto(`/event/${event.id}`);
  await expect(page.getByTestId('event-ended-banner')).toHaveText('This event is cancelled');
});
