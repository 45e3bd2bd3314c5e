import type { Page } from '@playwright/test';
import { gateNight, paidOrder, registrationNow } from '../support/check-in';
import { test, expect } from '../support/console';
import { signIn } from '../support/staff';

// Every participant is a person (issue 23): one ticket, QR code and check-in per attendee.

const verdict = (page: Page) => page.locator('section[data-tone]:not([data-tone="choose"])');

test('a coordinator admits one attendee of a family booking by its booking reference, then the others one by one', async ({
  page,
  request,
  baseURL,
}) => {
  const { event, ticket } = await gateNight(request, baseURL!, `Family Gate ${Date.now()}`);
  const family = await paidOrder(request, baseURL!, event, ticket, 'Sunita Deshpande', 3);
  expect(family.attendees).toHaveLength(3);
  await signIn(page, baseURL!, 'coordinator');
  await page.goto(`/admin/registrations/check-in?event=${event.id}`);
  const gateField = page.getByLabel('Gate (this device)');
  await gateField.fill('East Gate');
  await gateField.blur();
  await expect(page.getByText('0 / 3')).toBeVisible();

  // The booking reference lists the family; nobody is in yet.
  await page.getByLabel('Ticket code, ticket number or booking reference').fill(family.bookingReference);
  await page.getByRole('button', { name: 'Check in' }).click();
  const list = page.getByRole('list', { name: 'Attendees of this booking' });
  await expect(page.getByText(`Booking ${family.bookingReference}`)).toBeVisible();
  await expect(page.getByText('0 / 3')).toBeVisible();
  const [sunita, second, third] = family.attendees as [(typeof family.attendees)[0], (typeof family.attendees)[0], (typeof family.attendees)[0]];
  const name = (r: typeof sunita) => `${r.participantInfo.firstName} ${r.participantInfo.lastName}`;
  for (const attendee of family.attendees) await expect(list.getByText(name(attendee))).toBeVisible();

  // Only the second arrives first: only she is admitted, by keyboard.
  await list.getByRole('button', { name: `Admit ${name(second)}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 / 3')).toBeVisible();
  expect((await registrationNow(request, baseURL!, second.id)).status).toBe('Checked-In');
  expect((await registrationNow(request, baseURL!, sunita.id)).checkInTime).toBeNull();
  expect((await registrationNow(request, baseURL!, third.id)).checkInTime).toBeNull();

  // Sunita's own QR admits Sunita, and says so in green.
  await page.getByLabel('Ticket code, ticket number or booking reference').fill(sunita.qrCode);
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(verdict(page)).toHaveAttribute('data-tone', 'green');
  await expect(verdict(page)).toContainText(name(sunita));
  await expect(page.getByText('2 / 3')).toBeVisible();
  expect((await registrationNow(request, baseURL!, third.id)).checkInTime).toBeNull();
});
