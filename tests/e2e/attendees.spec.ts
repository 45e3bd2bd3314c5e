import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Registration } from '../../api/src/contract';
import { createTicket, gateNight, paidOrder, registrationNow } from '../support/check-in';
import { test, expect } from '../support/console';
import { readTicketPdf } from '../support/pdf-qr';
import { signIn } from '../support/staff';
import { agreeToPrivacyNotice, fillAttendeeDetails, rupees } from '../support/storefront';

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
  const [sunita, second, third] = family.attendees as [
    (typeof family.attendees)[0],
    (typeof family.attendees)[0],
    (typeof family.attendees)[0],
  ];
  const name = (r: typeof sunita) => `${r.participantInfo.firstName} ${r.participantInfo.lastName}`;
  for (const attendee of family.attendees) await expect(list.getByText(name(attendee))).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('gate-booking-list.png') });

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

test('a parent buys for three on a phone, two ticket types: one ticket page, a PDF page each, and each QR admits only its own person', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const { event, ticket: adult } = await gateNight(request, baseURL!, `Family 10K ${Date.now()}`);
  const kids = await createTicket(request, baseURL!, {
    eventId: event.id,
    name: 'Kids Dash',
    description: 'Two laps for under-15s',
    category: 'General',
    price: 199,
    quantity: 50,
    status: 'Active',
    maxAge: 14,
  });

  await page.goto(`/event/${event.id}`);
  await page.getByRole('tab', { name: 'Tickets' }).click();
  await page.getByRole('button', { name: `Increase ${adult.name}` }).click();
  await page.getByRole('button', { name: `Increase ${adult.name}` }).click();
  await page.getByRole('button', { name: `Increase ${kids.name}` }).click();
  await page.getByRole('button', { name: 'Continue to Register' }).click();

  const form = page.getByTestId('registration-form');
  const buyer = form.getByTestId('buyer-form');
  await buyer.getByLabel('Full Name').fill('Sunita Deshpande');
  const email = `sunita.${Date.now()}@example.com`;
  await buyer.getByLabel('Email').fill(email);
  await buyer.getByLabel('Phone Number').fill('+91 98220 11223');
  const attendees = form.getByTestId('attendee-form');
  await expect(attendees).toHaveCount(3);
  // The forms follow the ticket list (cheapest first): Anaya's Kids Dash, then the two adults.
  await expect(attendees.nth(0).getByRole('heading')).toHaveText(`${kids.name}, participant 1 of 1`);
  await expect(attendees.nth(1).getByRole('heading')).toHaveText(`${adult.name}, participant 1 of 2`);
  await expect(attendees.nth(2).getByRole('heading')).toHaveText(`${adult.name}, participant 2 of 2`);

  await attendees.nth(0).getByLabel('Full Name').fill('Anaya Deshpande');
  await attendees.nth(0).getByLabel('Phone Number').fill('98220-11223');
  await attendees.nth(0).getByLabel('Emergency Contact Name').fill('Sunita Deshpande');
  await attendees.nth(0).getByLabel('Emergency Contact Phone').fill('+91 98220 11223');
  // Too old for the Kids Dash first: the form says so on her date of birth, before any payment.
  await fillAttendeeDetails(attendees.nth(0), { dateOfBirth: '2005-01-10', gender: 'Female' });
  for (const [i, person] of [
    [1, { fullName: 'Sunita Deshpande', dateOfBirth: '1986-05-20', gender: 'Female' }],
    [2, { fullName: 'Vikram Deshpande', dateOfBirth: '1984-11-02', gender: 'Male' }],
  ] as const) {
    await attendees.nth(i).getByRole('button', { name: 'Copy contact and emergency details from participant 1' }).click();
    await expect(attendees.nth(i).getByLabel('Emergency Contact Name')).toHaveValue('Sunita Deshpande');
    await fillAttendeeDetails(attendees.nth(i), person);
  }
  const total = adult.price * 2 + kids.price;
  await agreeToPrivacyNotice(form);
  await form.getByRole('button', { name: `Pay ${rupees(total)}` }).click();
  await expect(attendees.nth(0).getByText(/Participants in Kids Dash must be 14 or younger on/)).toBeVisible();
  await expect(attendees.nth(0).getByLabel('Date of Birth')).toBeFocused();
  await attendees.nth(0).getByLabel('Date of Birth').fill('2016-03-14');
  // A child on the event day: her mother consents for her (decision 030).
  const guardian = attendees.nth(0).getByTestId('guardian-fields');
  await guardian.getByLabel("Parent or guardian's name").fill('Sunita Deshpande');
  await guardian.getByLabel('Relation').selectOption({ label: 'Parent' });
  await guardian.getByLabel("Parent or guardian's phone").fill('98200 11111');
  await guardian.getByRole('checkbox').check();
  await page.screenshot({ path: test.info().outputPath('family-form-360.png'), fullPage: true });

  await form.getByRole('button', { name: `Pay ${rupees(total)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('button', { name: `Pay ${rupees(total)}` }).click();
  await page
    .frameLocator('iframe[title="Cashfree checkout"]')
    .getByRole('button', { name: /UPI: success/ })
    .click();

  // One ticket page for the order, a card per person.
  await expect(page).toHaveURL(/\/ticket\/REG[0-9A-Z]+#t=[\w-]{32}$/, { timeout: 15_000 });
  const reference = /\/ticket\/(REG[0-9A-Z]+)/.exec(page.url())![1]!;
  for (const name of ['Sunita Deshpande', 'Vikram Deshpande', 'Anaya Deshpande']) {
    await expect(page.getByText(name).first()).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('family-tickets-360.png'), fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).first().click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`ticket-${reference}.pdf`);
  const bytes = readFileSync((await pdf.path())!);
  expect(bytes.byteLength).toBeLessThan(500 * 1024);
  const pages = readTicketPdf(bytes);
  expect(pages).toHaveLength(3);
  // Portrait A6: 105 × 148 mm.
  for (const p of pages) expect([p.width.toFixed(1), p.height.toFixed(1)]).toEqual(['297.6', '419.5']);

  const staff = await page.context().browser()!.newContext({ baseURL });
  await signIn(await staff.newPage(), baseURL!, 'coordinator');
  const codes = pages.map((p) => p.qr);
  expect(codes.every((code) => code !== null && code.startsWith('TDK-'))).toBe(true);
  const found = await staff.request.get(`/api/admin/registrations?search=${reference}`);
  const people = ((await found.json()) as { registrations: Registration[] }).registrations.sort(
    (a, b) => a.position - b.position,
  );
  expect(people.map((p) => [p.participantInfo.firstName, p.ticketName, p.amount])).toEqual([
    ['Anaya', kids.name, kids.price],
    ['Sunita', adult.name, adult.price],
    ['Vikram', adult.name, adult.price],
  ]);
  for (const [i, code] of codes.entries()) {
    expect(pages[i]!.words).toContain(people[i]!.registrationNumber);
    const admitted = await staff.request.post('/api/admin/registrations/check-in', {
      headers: { Origin: new URL(baseURL!).origin },
      data: { code, eventId: event.id, gate: 'Main Gate' },
    });
    expect(admitted.status()).toBe(200);
    const { registration } = (await admitted.json()) as { registration: Registration };
    expect(registration.registrationNumber).toBe(people[i]!.registrationNumber);
    // Only this person is in; those after them are not yet.
    for (const later of people.slice(i + 1)) {
      const now = (await (await staff.request.get(`/api/admin/registrations/${later.id}`)).json()) as {
        registration: Registration;
      };
      expect(now.registration.checkInTime).toBeNull();
    }
  }
  await staff.close();
});

test('a relay team of 4 registers together: one team name, a ticket each, one price for the team, the team in the console', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { event } = await gateNight(request, baseURL!, `Relay Night ${Date.now()}`);
  const relay = await createTicket(request, baseURL!, {
    eventId: event.id,
    name: 'Relay 4×5K',
    description: 'Four runners, one baton',
    category: 'General',
    price: 2000,
    quantity: 40,
    status: 'Active',
    teamMin: 4,
    teamMax: 4,
    teamPricing: 'team',
  });

  await page.goto(`/event/${event.id}`);
  await page.getByRole('tab', { name: 'Tickets' }).click();
  await expect(page.getByText('Team of 4').first()).toBeVisible();
  await page.getByRole('button', { name: `Increase ${relay.name}` }).click();
  await page.getByRole('button', { name: 'Continue to Register' }).click();

  const form = page.getByTestId('registration-form');
  const buyer = form.getByTestId('buyer-form');
  await buyer.getByLabel('Full Name').fill('Farhan Qureshi');
  await buyer.getByLabel('Email').fill(`farhan.${Date.now()}@example.com`);
  await buyer.getByLabel('Phone Number').fill('98330 44556');
  await form.getByLabel('Team name').fill('Marine Drive Gazelles');
  const members = form.getByTestId('attendee-form');
  await expect(members).toHaveCount(4);
  await expect(members.nth(3).getByRole('heading')).toHaveText(`${relay.name} — Marine Drive Gazelles, member 4 of 4`);
  await members.nth(0).getByLabel('Same as buyer').check();
  await fillAttendeeDetails(members.nth(0), { dateOfBirth: '1992-03-03', gender: 'Male' });
  const runners = ['Neha Pillai', 'Joseph Dsouza', 'Ritu Bansal'];
  for (const [i, fullName] of runners.entries()) {
    const member = members.nth(i + 1);
    await member.getByRole('button', { name: 'Copy contact and emergency details from participant 1' }).click();
    await fillAttendeeDetails(member, {
      fullName,
      dateOfBirth: `199${i + 4}-0${i + 4}-1${i}`,
      gender: i === 1 ? 'Male' : 'Female',
    });
  }
  // One price for the team, not four.
  await agreeToPrivacyNotice(form);
  await form.getByRole('button', { name: `Pay ${rupees(relay.price)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('button', { name: `Pay ${rupees(relay.price)}` }).click();
  await page
    .frameLocator('iframe[title="Cashfree checkout"]')
    .getByRole('button', { name: /UPI: success/ })
    .click();
  await expect(page).toHaveURL(/\/ticket\/REG[0-9A-Z]+#t=[\w-]{32}$/, { timeout: 15_000 });
  const reference = /\/ticket\/(REG[0-9A-Z]+)/.exec(page.url())![1]!;
  for (const name of ['Farhan Qureshi', ...runners]) await expect(page.getByText(name).first()).toBeVisible();

  // In the console: four attendees of one team, each their own ticket; the CSV says the team.
  await signIn(page, baseURL!, 'manager');
  const found = (await (await page.request.get(`/api/admin/registrations?search=${reference}`)).json()) as {
    registrations: Registration[];
  };
  const team = found.registrations.filter((r) => r.bookingReference === reference);
  expect(team).toHaveLength(4);
  expect(new Set(team.map((r) => r.additionalInfo.teamName))).toEqual(new Set(['Marine Drive Gazelles']));
  expect(new Set(team.map((r) => r.qrCode)).size).toBe(4);
  expect(team.reduce((sum, r) => sum + r.amount, 0)).toBe(relay.price);
  const csv = await (await page.request.get(`/api/admin/registrations/export.csv?eventId=${event.id}`)).text();
  expect(csv.split('\r\n').filter((line) => line.includes('Marine Drive Gazelles'))).toHaveLength(4);
  // A row's team filters the list to that team's members.
  await page.goto(`/admin/registrations?eventId=${event.id}`);
  await page
    .getByRole('row')
    .filter({ hasText: 'Neha Pillai' })
    .getByRole('button', { name: 'Team Marine Drive Gazelles' })
    .click();
  await expect(page).toHaveURL(/team=Marine/);
  await expect(page.getByRole('button', { name: 'Remove the team filter Marine Drive Gazelles' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Marine Drive Gazelles' })).toHaveCount(4);
});
