import { dayInIndia, gateNight, paidOrder } from '../support/check-in';
import { test, expect } from '../support/console';
import { outboxMails, readMail } from '../support/languages';
import { signIn } from '../support/staff';
import { toast } from '../support/storefront';

// Postponing an event (issue 24, decision 025): a manager moves an event with a paid order to a new
// date in the console; the buyer is e-mailed the new date with the full-refund deadline and My
// bookings, and the event's page says it was postponed and offers the refund.

test('a manager postpones an event; its buyer is told and its page says so', async ({ page, request, baseURL }) => {
  const title = `Postponed Night ${Date.now()}`;
  const { event, ticket } = await gateNight(request, baseURL!, title, dayInIndia(20));
  const order = await paidOrder(request, baseURL!, event, ticket, 'Nisha Kulkarni', 1);
  await signIn(page, baseURL!, 'manager');

  await page.goto('/admin/events');
  await page.getByPlaceholder('Search events...').fill(title);
  await page.getByRole('button', { name: `View ${title}` }).click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Postpone' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Postpone Event' });
  await dialog.getByLabel('New date').fill(dayInIndia(40));
  await dialog.getByLabel('New time').fill('19:30');
  await dialog.getByLabel(/Full refund until/).fill(dayInIndia(30));
  await dialog.getByLabel(/Reason/).fill('The ground is waterlogged');
  await dialog.getByRole('button', { name: 'Postpone and tell buyers' }).click();
  await expect(toast(page, 'Event postponed')).toBeVisible();
  await expect(page.getByText('1 buyer is being e-mailed the new date.')).toBeVisible();

  await expect
    .poll(
      () =>
        outboxMails()
          .map(readMail)
          .filter((mail) => mail.subject.startsWith(`${title} has a new date`) && mail.subject.includes(order.bookingReference))
          .length,
      { timeout: 30_000 },
    )
    .toBe(1);
  const mail = outboxMails()
    .map(readMail)
    .find((m) => m.subject.startsWith(`${title} has a new date`))!;
  expect(mail.text).toContain('The ground is waterlogged');
  expect(mail.text).toMatch(/\/bookings/);

  await page.goto(`/event/${event.id}`);
  await expect(page.getByTestId('event-postponed')).toContainText('Postponed from');
  await expect(
    page.getByTestId('event-notices').getByText(/^The event was postponed: cancel in My bookings until/),
  ).toBeVisible();
});
