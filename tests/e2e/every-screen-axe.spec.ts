import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { CreateOrderResponse, Role, SportEvent, Ticket } from '../../api/src/contract';
import { axeViolations } from '../support/axe';
import { dayInIndia } from '../support/check-in';
import { test, expect } from '../support/console';
import { outboxMails, readMail } from '../support/languages';
import { E2E_ADMIN, signIn } from '../support/staff';
import { fillParticipant, rupees } from '../support/storefront';
import { orderBody } from '../support/order-body.mjs';
import { jsonFrom, ok } from '../support/api-request';

// Issue 40: axe finds nothing on any screen of the platform, by role, on a 1280 px laptop and a
// 360 px phone. Each screen is opened as a user opens it, its heading awaited, and axe run with
// every rule it enables by default (support/axe.ts). The screens, from the route tables of each
// remote's src/app.tsx and the shell's features/routing/shell-routes.tsx:
//
// Storefront (public, no sign-in):
//   /                                   home
//   /events?city=all&category=…&search=…  all events, with filters
//   /event/:id                          a paid event (details tab, tickets tab), a free event, a sold-out
//                                       ticket (its waiting list's dialog, filled and joined), a cancelled
//                                       event, an unknown event
//   checkout                            the participant form, the Payment dialog, the confirmation on
//                                       the ticket page (/ticket/:registrationNumber#t=…)
//   /event/:id/queue                    the waiting room of a queued sale
//   /event/:id/waiting-list/confirm     the link mailed to a new waiting-list entry
//   /newsletter/confirm                 the link mailed to a newsletter subscriber
//   /bookings, /bookings/open           My bookings: the request form, a booking, its change-details dialog
//   /o/:slug                            an organiser's page (decision 054), an unknown organiser
//   /saved, /terms, /privacy, /refunds, /contact, an unknown path (404)
// Shell: /login, /login/forgot, /login/reset, a 404 outside any remote.
// Admin console (by the minimum roles of api/src/registry/remotes.ts; a lower role sees Access Denied):
//   /admin                              Dashboard                       support and up
//   /admin/events                       list, event detail, create, edit, waiting room, group discounts,
//                                       promo codes (and a new code), postpone, cancel, delete, refunds
//                                       of a cancelled event (dialogs that change data: admin, manager)
//   /admin/tickets                      list, ticket detail, create, edit, delete, waiting list
//   /admin/registrations                console, row menu, details, booking, refund, edit, delete
//   /admin/registrations/check-in       gate online (a scan's verdict) and offline   coordinator and up
//   /admin/registrations/invoices       invoices                        manager and up
//   /admin/analytics                    analytics                       manager and up
//   /admin/users                        participants, staff (add), audit log, data requests    admin
//   /admin/settings                     settings                        admin
//   Access Denied                       the first page above a role's reach; /admin/<unknown> (404)

const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|net::ERR/;

const headers = (baseURL: string, address = '10.91.0.1') => jsonFrom(baseURL, address);

interface Platform {
  paid: { event: SportEvent; ticket: Ticket; bookingReference: string; buyerEmail: string; buyerName: string };
  free: { event: SportEvent; ticket: Ticket };
  soldOut: { event: SportEvent; ticket: Ticket };
  cancelled: { event: SportEvent };
  queued: { event: SportEvent };
}

let buyers = 0;

/** What the screens show, made through the API as staff and buyers make it; once per run of this file. */
async function buildPlatform(request: APIRequestContext, baseURL: string): Promise<Platform> {
  const stamp = Date.now();
  const admin = headers(baseURL);
  const signInAdmin = async () => ok(await request.post('/api/auth/login', { headers: admin, data: E2E_ADMIN }), 'admin sign-in');
  await signInAdmin();

  async function event(title: string, fields: Partial<Record<string, unknown>> = {}) {
    const { event } = await ok<{ event: SportEvent }>(
      await request.post('/api/admin/events', {
        headers: admin,
        data: {
          title,
          description: 'A morning race along the river, with timing chips and water every 2 km.',
          category: 'Running',
          date: dayInIndia(30),
          time: '06:30',
          city: 'Pune',
          venue: 'Riverside, Pune',
          maxParticipants: 300,
          price: 499,
          organizer: 'TDK Events',
          contactEmail: 'races@tdksports.in',
          contactPhone: '9820012345',
          status: 'Active',
          imageUrl: null,
          highlights: ['Timing chips', 'Breakfast at the finish'],
          rules: ['Bib on the front'],
          regulations: [],
          ...fields,
        },
      }),
      `create ${title}`,
    );
    return event;
  }
  async function ticket(eventId: number, fields: Partial<Record<string, unknown>> = {}) {
    const { ticket } = await ok<{ ticket: Ticket }>(
      await request.post('/api/admin/tickets', {
        headers: admin,
        data: {
          eventId,
          name: 'River 10K',
          description: 'One lap of the river',
          category: 'General',
          price: 499,
          quantity: 200,
          status: 'Active',
          ...fields,
        },
      }),
      'create ticket',
    );
    return ticket;
  }
  async function buy(eventId: number, ticketId: number, fullName: string, email: string) {
    const buyer = headers(baseURL, `10.92.${(++buyers >> 8) & 255}.${buyers & 255}`);
    const order = await ok<CreateOrderResponse>(
      await request.post('/api/cashfree/create-order', {
        headers: buyer,
        data: orderBody(eventId, ticketId, { fullName, email, phone: '98200 77777' }),
      }),
      'create order',
    );
    await ok(
      await request.post(`/emulator/cashfree/pay/${order.payment_session_id}`, { headers: buyer, data: { outcome: 'success' } }),
      'pay',
    );
    const verified = await ok<{ registration: { registrationNumber: string } }>(
      await request.get(`/api/cashfree/verify-payment/${order.orderId}`, { headers: buyer }),
      'verify',
    );
    return verified.registration.registrationNumber;
  }

  const paidEvent = await event(`Axe River Run ${stamp}`);
  const paidTicket = await ticket(paidEvent.id);
  const buyerEmail = `axe.buyer.${stamp}@example.com`;
  const bookingReference = await buy(paidEvent.id, paidTicket.id, 'Kavya Menon', buyerEmail);

  const freeEvent = await event(`Axe Free Fun Run ${stamp}`, { price: 0 });
  const freeTicket = await ticket(freeEvent.id, { name: 'Fun Run', price: 0 });

  const soldOutEvent = await event(`Axe Sold Out 5K ${stamp}`);
  const soldOutTicket = await ticket(soldOutEvent.id, { name: 'Last Seat', quantity: 1 });
  await buy(soldOutEvent.id, soldOutTicket.id, 'Arjun Rao', `axe.first.${stamp}@example.com`);

  const cancelledEvent = await event(`Axe Called Off Ride ${stamp}`, { category: 'Cycling' });
  const cancelledTicket = await ticket(cancelledEvent.id, { name: 'Rider' });
  await buy(cancelledEvent.id, cancelledTicket.id, 'Rohan Das', `axe.rider.${stamp}@example.com`);
  await signInAdmin();
  await ok(
    await request.post(`/api/admin/events/${cancelledEvent.id}/cancel`, {
      headers: admin,
      data: { confirmTitle: cancelledEvent.title, fee: 0, reason: 'The road is closed for repairs.' },
    }),
    'cancel event',
  );

  const queuedEvent = await event(`Axe Stadium Final ${stamp}`, { category: 'Cricket', maxParticipants: 50 });
  await ticket(queuedEvent.id, { name: 'North Stand', price: 1500 });
  const opens = new Date(Date.now() + 86_400_000 + 330 * 60_000).toISOString();
  await ok(
    await request.put(`/api/admin/events/${queuedEvent.id}/waiting-room`, {
      headers: admin,
      data: {
        enabled: true,
        onSaleDate: opens.slice(0, 10),
        onSaleTime: opens.slice(11, 16),
        ratePerMinute: 60,
        finishMinutes: 1,
        capPerEmail: 4,
        capPerPhone: 4,
        browsersPerAddress: 10,
      },
    }),
    'waiting room',
  );
  await request.post('/api/auth/logout', { headers: admin });

  return {
    paid: { event: paidEvent, ticket: paidTicket, bookingReference, buyerEmail, buyerName: 'Kavya Menon' },
    free: { event: freeEvent, ticket: freeTicket },
    soldOut: { event: soldOutEvent, ticket: soldOutTicket },
    cancelled: { event: cancelledEvent },
    queued: { event: queuedEvent },
  };
}

let platform: Promise<Platform> | undefined;
const platformFor = (request: APIRequestContext, baseURL: string) => (platform ??= buildPlatform(request, baseURL));

/** The newest link in the outbox to `email` that matches `pattern`, as a path on this site. */
async function mailedLink(email: string, pattern: RegExp, count = 1): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const links = outboxMails()
          .map(readMail)
          .filter((mail) => mail.to.includes(email))
          .map((mail) => pattern.exec(mail.text)?.[0])
          .filter((found): found is string => Boolean(found));
        link = links.length >= count ? links[links.length - 1]! : '';
        return link;
      },
      { message: `a link mailed to ${email}`, timeout: 30_000 },
    )
    .not.toBe('');
  const url = new URL(link);
  return url.pathname + url.search + url.hash;
}

/** Collects every screen's violations, so one run names them all; the test then expects none. */
function screens(page: Page) {
  const found: string[] = [];
  const width = page.viewportSize()!.width;
  return {
    found,
    /** Waits for what says the screen is there, then runs axe over the whole page. */
    async check(screen: string, ready: Locator) {
      await expect.soft(ready, `${screen} at ${width} px`).toBeVisible();
      // A dialog fading in or a button's colour moving between states is checked once settled:
      // axe reads colours as drawn, and half-way through an animation they are not the screen's.
      // (Finite ones only: a loading shimmer repeats for ever; and two seconds at most.)
      await page.evaluate(() =>
        Promise.race([
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
              .map((animation) => animation.finished.catch(() => undefined)),
          ),
          new Promise((done) => setTimeout(done, 2_000)),
        ]),
      );
      found.push(...(await axeViolations(page, `${screen} @${width}`)));
    },
  };
}

const h1 = (page: Page, name?: string | RegExp) => page.getByRole('heading', { level: 1, ...(name ? { name } : {}) }).first();

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toHaveCount(0);
}

// A laptop and a phone. On the phone a dialog taller than the screen scrolls its body, which is
// then a focusable region named by the dialog's title (shared-ui dialog-panel.tsx).
const widths = [
  { width: 1280, height: 800 },
  { width: 360, height: 780 },
];

for (const viewport of widths) {
  test.describe(`every screen at ${viewport.width} px`, () => {
    test.use({ viewport, actionTimeout: 10_000 });

    test(`storefront's public screens at ${viewport.width} px`, async ({ page, request, baseURL, browserConsole }) => {
      test.setTimeout(180_000);
      // An unknown event's page asks the API for it (404); My bookings asks for the buyer's session (401).
      browserConsole.allow(/status of (401|404)/);
      const state = await platformFor(request, baseURL!);
      const { check, found } = screens(page);

      await page.goto('/');
      await check('home', page.getByRole('heading', { name: 'Popular Events' }));
      await page.goto(`/events?city=all&category=Running&search=${encodeURIComponent('Axe')}`);
      await check('all events, filtered', h1(page, /Search results/));
      await page.goto('/events');
      await check('all events', h1(page, 'All Events'));
      await page.goto('/saved');
      await check('saved events', h1(page));
      for (const path of ['/terms', '/privacy', '/refunds', '/contact']) {
        await page.goto(path);
        await check(`legal ${path}`, h1(page));
      }
      await page.goto('/no-such-page');
      await check('404', page.getByText('Oops! Page not found'));
      await page.goto('/event/99999999');
      await check('unknown event', page.getByRole('heading', { name: 'Event Not Found' }));
      // An organiser's page (decision 054): the paid event's organiser, and one that does not exist.
      await page.goto(`/o/${state.paid.event.organiser.slug}`);
      await check("organiser's page", h1(page, state.paid.event.organiser.displayName));
      await page.goto('/o/no-such-organiser');
      await check('unknown organiser', h1(page, 'Organiser not found'));

      // A paid event, its tabs and its checkout, to the ticket.
      const { paid } = state;
      await page.goto(`/event/${paid.event.id}`);
      await check('paid event', h1(page, paid.event.title));
      await page.getByRole('tab', { name: 'Tickets' }).click();
      await check('paid event: tickets tab', page.getByRole('button', { name: `Increase ${paid.ticket.name}` }));
      await page.getByRole('button', { name: `Increase ${paid.ticket.name}` }).click();
      await page.getByRole('button', { name: 'Continue to Register' }).click();
      await expect(page.getByTestId('registration-form')).toBeVisible();
      await check('checkout: participant form (empty)', page.getByTestId('registration-form'));
      const form = await fillParticipant(page, `axe.checkout.${viewport.width}.${Date.now()}@example.com`, 'Asha Rao');
      await check('checkout: participant form (filled)', form);
      await form.getByRole('button', { name: `Pay ${rupees(paid.ticket.price)}` }).click();
      const payment = page.getByRole('dialog', { name: 'Payment' });
      await check('checkout: payment dialog', payment);
      await payment.getByRole('button', { name: `Pay ${rupees(paid.ticket.price)}` }).click();
      // The payment provider's own checkout (the emulator's frame) is theirs, not ours: not checked.
      await page
        .frameLocator('iframe[title="Cashfree checkout"]')
        .getByRole('button', { name: /UPI: success/ })
        .click();
      await expect(page).toHaveURL(/\/ticket\/REG[0-9A-Z]+#t=[\w-]{32}$/, { timeout: 15_000 });
      await expect(page.getByTestId('booked').getByRole('heading', { name: 'Payment & Registration successful!' })).toBeVisible();
      await check('confirmation on the ticket page', page.getByRole('heading', { name: 'Your ticket' }));

      // A free event.
      await page.goto(`/event/${state.free.event.id}`);
      await check('free event', h1(page, state.free.event.title));
      await page.getByRole('tab', { name: 'Tickets' }).click();
      await check('free event: tickets tab', page.getByRole('button', { name: `Increase ${state.free.ticket.name}` }));

      // A sold-out ticket and its waiting list, joined; the link mailed to confirm the address.
      const { soldOut } = state;
      await page.goto(`/event/${soldOut.event.id}`);
      await page.getByRole('tab', { name: 'Tickets' }).click();
      const join = page.getByRole('button', { name: `Join the waiting list for ${soldOut.ticket.name}` });
      await check('sold-out event: tickets tab', join);
      await join.click();
      const dialog = page.getByRole('dialog', { name: `Waiting list: ${soldOut.ticket.name}` });
      await check('waiting list: join dialog', dialog);
      const waiter = `axe.waiter.${viewport.width}.${Date.now()}@example.com`;
      await dialog.getByLabel('Full Name').fill('Nisha Kulkarni');
      await dialog.getByLabel('Email').fill(waiter);
      await dialog.getByLabel('Phone Number').fill('98220 33445');
      await check('waiting list: join dialog (filled)', dialog);
      await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
      await check('waiting list: joined', page.getByRole('dialog', { name: 'You are on the waiting list' }));
      await page.goto(await mailedLink(waiter, /https?:\/\/\S+\/waiting-list\/confirm\S*#[\w.-]+/));
      await check('waiting list: address confirmed', page.getByTestId('waiting-list-confirmed'));

      // A cancelled event; a queued sale's waiting room.
      await page.goto(`/event/${state.cancelled.event.id}`);
      await check('cancelled event', h1(page, state.cancelled.event.title));
      await page.goto(`/event/${state.queued.event.id}/queue`);
      await check('waiting room (queue)', h1(page));

      // The newsletter's confirmation link.
      const reader = `axe.reader.${viewport.width}.${Date.now()}@example.com`;
      await ok(await page.request.post('/api/newsletter', { headers: headers(baseURL!), data: { email: reader } }), 'subscribe');
      await page.goto(await mailedLink(reader, /https?:\/\/\S+\/newsletter\/confirm\S*#[\w-]+/));
      await check('newsletter: confirmed', h1(page));

      // My bookings: the request form, then the booking from the mailed link, and its change dialog.
      await page.goto('/bookings');
      await check('my bookings: find your bookings', page.getByRole('heading', { name: 'Find your bookings' }));
      const sent = outboxMails().filter((mail) => mail.includes(paid.buyerEmail)).length;
      await page.getByLabel(/E-?mail/).fill(paid.buyerEmail);
      await page.getByLabel(/E-?mail/).press('Enter');
      await check('my bookings: link sent', page.getByTestId('bookings-link-sent'));
      await expect.poll(() => outboxMails().filter((mail) => mail.includes(paid.buyerEmail)).length).toBeGreaterThan(sent);
      await page.goto(await mailedLink(paid.buyerEmail, /https?:\/\/\S+\/bookings\/open#[\w-]{43}/));
      const booking = page.getByTestId('booking').filter({ hasText: paid.event.title });
      await check('my bookings: a booking', booking.getByRole('heading', { name: paid.event.title }));

      expect(found).toEqual([]);
    });

    test(`shell's screens at ${viewport.width} px`, async ({ page }) => {
      const { check, found } = screens(page);
      await page.goto('/login');
      await check('login', h1(page, 'Admin Login'));
      await page.goto('/login/forgot');
      await check('forgot password', h1(page, 'Forgot your password?'));
      await page.goto('/login/reset');
      await check('reset password', h1(page));
      await page.goto('/admin');
      await check('admin without a session: login', h1(page, 'Admin Login'));
      expect(found).toEqual([]);
    });

    const roles: { role: Role; denied: string }[] = [
      { role: 'admin', denied: '' },
      { role: 'manager', denied: '/admin/users' },
      { role: 'coordinator', denied: '/admin/registrations/invoices' },
      { role: 'support', denied: '/admin/registrations/check-in' },
    ];
    const rank: Record<Role, number> = { admin: 4, manager: 3, coordinator: 2, support: 1 };

    for (const { role, denied } of roles) {
      test(`${role}'s admin screens at ${viewport.width} px`, async ({ page, context, request, baseURL, browserConsole }) => {
        test.setTimeout(180_000);
        // A scan's amber and red are the API's 409 and 422; offline, the browser logs refused requests.
        browserConsole.allow(/status of (409|422)/);
        browserConsole.allow(OFFLINE_NOISE);
        const state = await platformFor(request, baseURL!);
        const { check, found } = screens(page);
        // The dialogs that change events and tickets are checked as an admin: a manager opens the
        // very same ones (their screens differ only in what the admin alone has: users, settings).
        const writes = role === 'admin';
        await signIn(page, baseURL!, role);

        await page.goto('/admin');
        await check('dashboard', h1(page, 'Dashboard'));

        // Events, the detail of one and (for those who may change them) every dialog it opens.
        await page.goto('/admin/events');
        await check('events', h1(page, 'Events Management'));
        await page.getByRole('searchbox', { name: 'Search events' }).fill(state.paid.event.title);
        const view = page.getByRole('button', { name: `View ${state.paid.event.title}` });
        await view.click();
        const detail = page.getByRole('dialog', { name: state.paid.event.title });
        await check('event detail', detail);
        const fromDetail = writes
          ? [
              ['Waiting room', `Waiting room: ${state.paid.event.title}`],
              ['Group discounts', `Group discounts: ${state.paid.event.title}`],
              ['Promo codes', `Promo codes: ${state.paid.event.title}`],
              ['Edit Event', 'Edit Event'],
              ['Postpone', 'Postpone Event'],
              ['Cancel Event', 'Cancel Event'],
              ['Delete Event', 'Delete Event'],
            ]
          : [];
        await closeDialog(page);
        for (const [button, title] of fromDetail) {
          await view.click();
          await detail.getByRole('button', { name: button, exact: true }).click();
          const confirm = ['Postpone', 'Cancel Event', 'Delete Event'].includes(button);
          const opened = page.getByRole(confirm ? 'alertdialog' : 'dialog', { name: title });
          await check(`event: ${button}`, opened);
          if (button === 'Promo codes') {
            await opened.getByRole('button', { name: 'New code' }).click();
            await check('event: new promo code', page.getByRole('dialog', { name: 'New promo code' }));
            await page.keyboard.press('Escape');
          }
          await closeDialog(page);
        }
        if (writes) {
          await page.goto('/admin/events?create=1');
          await check('event: create', page.getByRole('dialog', { name: 'Create New Event' }));
          await closeDialog(page);
          await page.getByRole('searchbox', { name: 'Search events' }).fill(state.cancelled.event.title);
          await page.getByRole('button', { name: `View ${state.cancelled.event.title}` }).click();
          await page.getByRole('dialog', { name: state.cancelled.event.title }).getByRole('button', { name: 'Refunds' }).click();
          await check('cancelled event: refunds', page.getByRole('dialog', { name: `Refunds: ${state.cancelled.event.title}` }));
          await closeDialog(page);
        }

        // Tickets, one ticket's detail, its dialogs and a sold-out ticket's waiting list.
        await page.goto('/admin/tickets');
        await check('tickets', h1(page, 'Tickets Management'));
        await page.getByPlaceholder('Search tickets...').fill(state.soldOut.event.title);
        const ticketName = state.soldOut.ticket.name;
        const ticketRow = page.getByRole('row').filter({ hasText: state.soldOut.event.title });
        await ticketRow.getByRole('button', { name: `View ${ticketName}` }).click();
        await check('ticket detail', page.getByRole('dialog', { name: ticketName }));
        await closeDialog(page);
        await ticketRow.getByRole('button', { name: `Waiting list of ${ticketName}` }).click();
        await check('ticket: waiting list', page.getByRole('dialog', { name: `Waiting list: ${ticketName}` }));
        await closeDialog(page);
        if (writes) {
          await ticketRow.getByRole('button', { name: `Edit ${ticketName}` }).click();
          await check('ticket: edit', page.getByRole('dialog', { name: 'Edit Ticket' }));
          await closeDialog(page);
          await ticketRow.getByRole('button', { name: `Delete ${ticketName}` }).click();
          await check('ticket: delete', page.getByRole('alertdialog', { name: 'Delete Ticket' }));
          await closeDialog(page);
          await page.getByRole('button', { name: 'Create Ticket' }).click();
          await check('ticket: create', page.getByRole('dialog', { name: 'Create New Ticket' }));
          await closeDialog(page);
        }

        // The registrations console, its row menu and the dialogs each action opens.
        await page.goto('/admin/registrations');
        await check('registrations', h1(page, 'Registration Management'));
        await page.getByRole('searchbox', { name: 'Search registrations' }).fill(state.paid.bookingReference);
        const actions = page.getByRole('button', { name: new RegExp(`^Actions for ${state.paid.bookingReference}`) }).first();
        await actions.click();
        await check('registrations: row menu', page.getByRole('menu'));
        const menuItems = await page.getByRole('menuitem').allInnerTexts();
        await page.keyboard.press('Escape');
        const dialogs: [string, string][] = [
          ['View Details', 'dialog'],
          ['Open Booking', 'dialog'],
          ['Edit Registration', 'dialog'],
          // Support's, for a caller (decision 047).
          ['Correct Name', 'dialog'],
          ['Cancel Attendee', 'alertdialog'],
          ['Record Offline Refund', 'dialog'],
          ['Delete Registration', 'alertdialog'],
        ];
        for (const [item, kind] of dialogs) {
          if (!menuItems.includes(item)) continue;
          await actions.click();
          await page.getByRole('menuitem', { name: item }).click();
          const opened = page.getByRole(kind as 'dialog').first();
          await check(`registrations: ${item}`, opened);
          if (item === 'Open Booking') {
            const refund = opened.getByRole('button', { name: /^Refund/ });
            if (await refund.isVisible()) {
              await refund.click();
              await check('registrations: refund', page.getByRole('dialog', { name: 'Refund' }));
              await page.keyboard.press('Escape');
            }
          }
          await closeDialog(page);
        }

        // The gate, online with a scan's verdict, then offline.
        if (rank[role] >= 2) {
          await page.goto(`/admin/registrations/check-in?event=${state.paid.event.id}`);
          await check('gate: online', h1(page, 'Gate Check-in'));
          await page.getByLabel('Ticket code, ticket number or booking reference').fill('NOT-A-TICKET');
          await page.getByRole('button', { name: 'Check in' }).click();
          await check('gate: a verdict', page.locator('section[data-tone]'));
          await page.getByRole('button', { name: 'Prepare for offline' }).click();
          await expect(page.getByText(/^Ready offline: \d+ tickets/)).toBeVisible();
          await context.setOffline(true);
          await page.reload();
          await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
          await check('gate: offline', h1(page, 'Gate Check-in'));
          await context.setOffline(false);
          await expect(page.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
        }

        if (rank[role] >= 3) {
          await page.goto('/admin/registrations/invoices');
          await check('invoices', h1(page, 'Invoices'));
          await page.goto('/admin/analytics');
          await check('analytics', h1(page, 'Analytics'));
        }

        if (role === 'admin') {
          await page.goto('/admin/users');
          await check('users: participants', h1(page, 'Users Management'));
          for (const tab of ['Staff', 'Audit log', 'Data requests']) {
            await page.getByRole('tab', { name: tab }).click();
            await check(`users: ${tab}`, page.getByRole('tabpanel'));
          }
          await page.getByRole('button', { name: 'Add User' }).click();
          await check('users: add staff', page.getByRole('dialog'));
          await closeDialog(page);
          await page.goto('/admin/settings');
          await check('settings', h1(page, 'Settings'));
          await page.goto('/admin/no-such-section');
          await check('admin 404', page.getByText('Oops! Page not found'));
        } else {
          await page.goto(denied);
          await check(`access denied (${denied})`, h1(page, 'Access Denied'));
        }

        expect(found).toEqual([]);
      });
    }
  });
}
