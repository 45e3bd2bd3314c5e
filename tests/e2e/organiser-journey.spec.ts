// A running club's way onto the platform, as issue 41's journey asks (decisions 051–055): it signs
// up on a phone from the public header's Create Event, confirms its e-mail, drafts an event while it
// awaits approval, is approved in the platform staff's queue, submits the event under Event Approval
// Required, which platform staff approve; a buyer finds the club's page and buys; the club's manager
// sees that order and no other organiser's; suspended, the club's event leaves the lists while its
// ticket still checks in at the gate.
import type { Browser, Page } from '@playwright/test';
import { test, expect, waitingForReact } from '../support/console';
import { dayInIndia } from '../support/check-in';
import { jsonFrom, ok } from '../support/api-request';
import { putSettings } from '../support/settings';
import { signIn, signInThroughForm } from '../support/staff';
import { fillParticipant, mailedLink, rupees } from '../support/storefront';

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

let visitors = 0;
/** Another person's browser: its own address (TRUST_PROXY, as the journeys' own fixture gives) and its console watched. */
async function visitor(browser: Browser, baseURL: string, watch: (page: Page) => void, viewport = { width: 360, height: 740 }) {
  const context = await browser.newContext({ viewport, hasTouch: viewport.width < 600, baseURL });
  const address = `10.241.${(++visitors >> 8) & 255}.${visitors & 255}`;
  await context.route(`${baseURL}/api/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
  const page = waitingForReact(await context.newPage());
  watch(page);
  return { context, page, headers: jsonFrom(baseURL, address) };
}

/** The sign-up link mailed to the address (decision 053), as a path on this site. */
async function signupLink(email: string) {
  const url = await mailedLink(email, /https?:\/\/\S*\/signup\/verify#t=[\w%-]+/, 'the sign-up e-mail');
  return `${url.pathname}${url.hash}`;
}

test('a running club signs up on a phone, is approved, sells its event to a buyer who found its page, and stays checkable when suspended', async ({
  page,
  browser,
  baseURL,
  clientAddress,
  browserConsole,
}) => {
  test.setTimeout(180_000);
  // The applied club's first try to publish is refused with a 409 the browser logs.
  browserConsole.allow(/status of 409/);
  const stamp = Date.now().toString(36);
  const club = {
    name: `Sinhagad Striders ${stamp}`,
    slug: `sinhagad-striders-${stamp}`,
    legalName: 'Sinhagad Striders Sports Foundation',
    pan: 'AAATS4321K',
    email: `hello-${stamp}@striders.example.in`,
  };
  const admin = { fullName: 'Gauri Deshpande', email: `gauri-${stamp}@striders.example.in`, password: 'striders-admin-pass-1' };
  const eventTitle = `Sinhagad Night Trail ${stamp}`;

  // 1. On a phone, a visitor follows Create Event to "Sell tickets" and signs the club up.
  const { context: phone, page: clubPage, headers: clubHeaders } = await visitor(browser, baseURL!, browserConsole.watch);
  await clubPage.goto('/');
  await clubPage.getByTestId('header-sell').click();
  await expect(clubPage).toHaveURL(/\/sell$/);
  await expect(clubPage.getByRole('heading', { level: 1, name: /Sell tickets on/ })).toBeVisible();
  const form = clubPage.getByTestId('signup-form');
  await form.getByLabel('Organisation name').fill(club.name);
  await expect(form.getByLabel('Web address')).toHaveValue(club.slug);
  await expect(form.getByText(`/o/${club.slug} is free`)).toBeVisible();
  await form.getByLabel('Legal name').fill(club.legalName);
  await form.getByLabel('State').selectOption({ label: 'Maharashtra' });
  // A PAN in the wrong shape is said on its field before anything is sent.
  await form.getByLabel('PAN').fill('AAATS43');
  await form.getByLabel('Contact email').fill(club.email);
  await form.getByLabel('Contact phone').fill('+91 98220 45678');
  await form.getByLabel('Your full name').fill(admin.fullName);
  await form.getByLabel('Your email').fill(admin.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(admin.password);
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(form.getByLabel('PAN')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('PAN').fill(club.pan);
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(clubPage.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(clubPage.getByTestId('signup-sent')).toContainText(admin.email);
  await clubPage.screenshot({ path: test.info().outputPath('01-signup-sent-360.png'), fullPage: true });

  // 2. The mailed link creates the organisation, awaiting approval, and signs its admin in.
  await clubPage.goto(await signupLink(admin.email));
  await expect(clubPage.getByRole('heading', { name: `${club.name} is signed up` })).toBeVisible();
  await expect(clubPage.getByText('Your organisation awaits approval.')).toBeVisible();
  await clubPage.getByRole('link', { name: 'Go to your admin' }).click();
  await expect(clubPage.getByRole('banner').getByText(club.name)).toBeVisible();

  // 3. Awaiting approval, the club drafts its event (today, so its gate is open at the end);
  //    asking to publish it is refused and said.
  await clubPage.goto('/admin/events?create=1');
  const eventForm = clubPage.getByRole('dialog', { name: 'Create New Event' });
  await eventForm.getByLabel('Event Title').fill(eventTitle);
  await eventForm.getByLabel('Category').selectOption('Running');
  await eventForm.getByLabel('Status').selectOption('Active');
  await eventForm.getByLabel('Description').fill('A 12 km night trail up Sinhagad with head torches.');
  await eventForm.getByLabel('Date').fill(dayInIndia());
  await eventForm.getByLabel('Time').fill('22:30');
  await eventForm.getByLabel('City').selectOption('Pune');
  await eventForm.getByLabel('Venue').fill('Sinhagad Base Village, Pune');
  await eventForm.getByLabel('Max Participants').fill('120');
  await eventForm.getByLabel('Entry Fee (₹)').fill('450');
  await eventForm.getByLabel('Contact Email').fill(club.email);
  await eventForm.getByLabel('Contact Phone').fill('98220 45678');
  await eventForm.getByRole('button', { name: 'Create Event' }).click();
  // The Status field says so before anything is sent; asked anyway, the refusal says it again.
  await expect(eventForm.getByText(/Your organisation awaits the platform’s approval/)).toBeVisible();
  const refused = toast(
    clubPage,
    'Your organisation is awaiting approval: you can draft events, and publish once the platform approves it.',
  );
  await expect(refused).toBeVisible();
  // On a phone the notice sits over the dialog's buttons until it is closed (or its time is up).
  await refused.getByRole('button', { name: 'Dismiss notification' }).click();
  await eventForm.getByLabel('Status').selectOption('Draft');
  await eventForm.getByRole('button', { name: 'Create Event' }).click();
  await expect(eventForm).toHaveCount(0);
  const { events: clubEvents } = await ok<{ events: { id: number; title: string }[] }>(
    await clubPage.request.get(`/api/admin/events?search=${encodeURIComponent(eventTitle)}`, { headers: clubHeaders }),
    "the club's events",
  );
  const eventId = clubEvents.find((e) => e.title === eventTitle)!.id;
  await ok(
    await clubPage.request.post('/api/admin/tickets', {
      headers: clubHeaders,
      data: {
        eventId,
        name: 'Trail Runner',
        description: 'Head torch check at the start',
        category: 'General',
        price: 450,
        quantity: 100,
        status: 'Active',
      },
    }),
    "the club's ticket type",
  );

  // 4. Platform staff approve the club from their queue, with Event Approval Required on.
  await signIn(page, baseURL!, 'admin');
  const platformHeaders = jsonFrom(baseURL!, clientAddress);
  await putSettings(page, baseURL!, { eventApprovalRequired: true });
  try {
    await page.goto('/admin/platform');
    await page.getByRole('tab', { name: 'Approval queue' }).click();
    const applied = page.getByRole('region', { name: 'Organisations awaiting approval' });
    await applied.getByRole('button', { name: `Approve ${club.name}` }).click();
    await expect(toast(page, `${club.name} can now publish and sell.`)).toBeVisible();
    await expect(applied.getByText(club.name)).toHaveCount(0);

    // 5. The club asks to publish its event: it is submitted, and stays Draft until reviewed.
    await clubPage.goto('/admin/events');
    await clubPage.getByPlaceholder('Search events...').fill(eventTitle);
    await clubPage.getByRole('button', { name: `Edit ${eventTitle}` }).click();
    const edit = clubPage.getByRole('dialog', { name: 'Edit Event' });
    await edit.getByLabel('Status').selectOption('Active');
    await edit.getByRole('button', { name: 'Update Event' }).click();
    await expect(toast(clubPage, 'It stays Draft until platform staff approve it.')).toBeVisible();
    await expect(clubPage.getByText('Submitted for review (Active)')).toBeVisible();
    await clubPage.screenshot({ path: test.info().outputPath('02-club-submitted-360.png'), fullPage: true });

    // 6. Platform staff see it as buyers would and approve it.
    await page.goto('/admin/platform');
    await page.getByRole('tab', { name: 'Approval queue' }).click();
    const submitted = page.getByRole('region', { name: 'Events submitted for review' });
    await expect(submitted.getByText(eventTitle).first()).toBeVisible();
    await submitted.getByRole('button', { name: `Approve ${eventTitle}` }).click();
    await expect(toast(page, `"${eventTitle}" is now Active.`)).toBeVisible();
  } finally {
    await putSettings(page, baseURL!, { eventApprovalRequired: false });
  }

  // 7. A buyer on a phone finds the club's page, opens its event and buys a ticket.
  const { context: buyerContext, page: buyerPage } = await visitor(browser, baseURL!, browserConsole.watch);
  await buyerPage.goto(`/o/${club.slug}`);
  await expect(buyerPage.getByRole('heading', { level: 1, name: club.name })).toBeVisible();
  await buyerPage.screenshot({ path: test.info().outputPath('03-club-page-360.png'), fullPage: true });
  await buyerPage
    .getByRole('link', { name: new RegExp(eventTitle) })
    .first()
    .click();
  await expect(buyerPage.getByRole('heading', { level: 1, name: eventTitle })).toBeVisible();
  await expect(buyerPage.getByRole('link', { name: club.name }).first()).toBeVisible();
  await buyerPage.getByRole('tab', { name: 'Tickets' }).click();
  await buyerPage.getByRole('button', { name: 'Increase Trail Runner' }).click();
  await buyerPage.getByRole('button', { name: 'Continue to Register' }).click();
  const buyerEmail = `rhea-${stamp}@example.com`;
  const registration = await fillParticipant(buyerPage, buyerEmail, 'Rhea Joshi');
  // The privacy notice names the club as the one collecting the data (decision 055).
  await expect(registration.getByTestId('privacy-notice')).toContainText(club.legalName);
  await registration.getByRole('button', { name: `Pay ${rupees(450)}` }).click();
  const payment = buyerPage.getByRole('dialog', { name: 'Payment' });
  await payment.getByRole('button', { name: `Pay ${rupees(450)}` }).click();
  await buyerPage
    .frameLocator('iframe[title="Cashfree checkout"]')
    .getByRole('button', { name: /UPI: success/ })
    .click();
  await expect(buyerPage.getByRole('heading', { name: 'Payment & Registration successful!' })).toBeVisible({ timeout: 15_000 });
  // The attendee's ticket number, as the gate takes it typed.
  const ticketCode = ((await buyerPage.getByTestId('attendee-ticket').locator('dd.mono').first().textContent()) ?? '').trim();
  expect(ticketCode).toMatch(/^REG/);

  // 8. The club's manager sees that order, and none of another organiser's.
  const manager = { fullName: 'Omkar Pawar', email: `omkar-${stamp}@striders.example.in`, password: 'striders-manager-pass-1' };
  await ok(
    await clubPage.request.post('/api/admin/users', { headers: clubHeaders, data: { ...manager, role: 'manager' } }),
    "the club's manager",
  );
  const {
    context: managerContext,
    page: managerPage,
    headers: managerHeaders,
  } = await visitor(browser, baseURL!, browserConsole.watch, { width: 1280, height: 800 });
  await managerPage.goto('/admin/registrations');
  await signInThroughForm(managerPage, manager);
  await expect(managerPage.getByRole('banner').getByText(club.name)).toBeVisible();
  const rows = managerPage.getByRole('row').filter({ hasText: 'Rhea Joshi' });
  await expect(rows.first()).toBeVisible();
  // Every registration the manager is shown is the club's event's.
  const listed = await ok<{ registrations: { eventName: string }[] }>(
    await managerPage.request.get('/api/admin/registrations?pageSize=100', { headers: managerHeaders }),
    "the manager's registrations",
  );
  expect(listed.registrations.length).toBeGreaterThan(0);
  expect(new Set(listed.registrations.map((r) => r.eventName))).toEqual(new Set([eventTitle]));
  await managerPage.screenshot({ path: test.info().outputPath('04-manager-registrations-1280.png'), fullPage: true });

  // The list filtered to the club, drawn by the server and hydrated (a mismatch is a console error).
  await buyerPage.goto(`/events?organiser=${club.slug}&city=all`);
  await expect(buyerPage.getByRole('link', { name: club.name })).toBeVisible();
  await expect(buyerPage.getByTestId('event-card')).toHaveCount(1);
  await expect(buyerPage.getByTestId('event-card')).toContainText(eventTitle);

  // 9. Suspended: the event leaves the public list and the club's page, but its ticket checks in.
  await ok(
    await page.request.post(`/api/platform/organisations/${await organisationIdOf(page, platformHeaders, club.slug)}/suspend`, {
      headers: platformHeaders,
      data: { reason: 'Insurance papers are out of date' },
    }),
    'suspend the club',
  );
  const publicTitles = async () =>
    (
      (await (await buyerPage.request.get(`/api/events?limit=48&q=${encodeURIComponent('Sinhagad Night Trail')}`)).json()) as {
        events: { title: string }[];
      }
    ).events.map((e) => e.title);
  expect(await publicTitles()).not.toContain(eventTitle);
  await buyerPage.goto('/events?q=Sinhagad');
  await expect(buyerPage.getByText(eventTitle)).toHaveCount(0);

  await managerPage.goto(`/admin/registrations/check-in?event=${eventId}`);
  await expect(managerPage.getByRole('heading', { name: 'Gate Check-in' })).toBeVisible();
  const gate = managerPage.getByLabel('Gate (this device)');
  await gate.fill('Base Village');
  await gate.blur();
  await managerPage.getByLabel('Ticket code, ticket number or booking reference').fill(ticketCode);
  await managerPage.getByRole('button', { name: 'Check in' }).click();
  // The gate finds the booking and admits each person as they come.
  await managerPage
    .getByRole('list', { name: 'Attendees of this booking' })
    .getByRole('button', { name: 'Admit Rhea Joshi' })
    .click();
  await expect(managerPage.getByText('Rhea Joshi admitted')).toBeVisible();
  await expect(managerPage.getByText('1 / 1')).toBeVisible();
  await managerPage.screenshot({ path: test.info().outputPath('05-suspended-club-gate-1280.png'), fullPage: true });

  await phone.close();
  await buyerContext.close();
  await managerContext.close();
});

/** The organisation's id, as platform staff's list gives it. */
async function organisationIdOf(page: Page, headers: Record<string, string>, slug: string) {
  const { organisations } = await ok<{ organisations: { id: number; slug: string }[] }>(
    await page.request.get(`/api/platform/organisations?q=${encodeURIComponent(slug)}`, { headers }),
    'the organisations',
  );
  return organisations.find((o) => o.slug === slug)!.id;
}
