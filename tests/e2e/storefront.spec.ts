import type { Page, Route } from '@playwright/test';
import { test, expect } from '../support/console';
import { EVENTS_PAGE_SIZE, eventNotesFor, type SportEvent } from '../../api/src/contract';
import { E2E_ADMIN, signIn } from '../support/staff';
import {
  agreeToPrivacyNotice,
  eventsPage,
  eventWithTickets,
  fillAttendeeDetails,
  firstPageOf,
  listEvents,
  rupees,
  toast,
} from '../support/storefront';
import { withoutAnswersInPage } from '../support/first-screen';
import { outboxMails, readMail } from '../support/languages';

// The public screens of SPEC.md section 2 as served by the storefront remote, on the seeded data.

const cards = (page: Page) => page.getByTestId('event-card');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 3 });

/** The list's first page on screen (the rest comes with Load more). */
async function expectTitles(page: Page, events: SportEvent[]) {
  if (events.length === 0) {
    await expect(page.getByText('No events found')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  } else {
    await expect(cardTitles(page)).toHaveText(firstPageOf(events).map((e) => e.title));
  }
}

test.describe('header search', () => {
  test('submitting goes to /?search=term, titles the grid and filters by title', async ({ page, request }) => {
    // Search follows the chosen city (Mumbai by default), as every public list does.
    const expected = await listEvents(request, { q: 'Five-a-Side', city: 'Mumbai' });
    expect(expected.length).toBeGreaterThan(0);
    await page.goto('/events');
    const search = page.getByRole('search', { name: 'Site search' }).getByRole('searchbox', { name: 'Search events' });
    await search.fill('Five-a-Side');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/\?search=Five-a-Side$/);
    await expect(page.getByRole('heading', { name: 'Search results for "Five-a-Side"' })).toBeVisible();
    await expectTitles(page, expected);
  });

  test('the hero search matches venues and categories too', async ({ page, request }) => {
    const [league] = await listEvents(request, { q: 'Five-a-Side' });
    const venueWord = league!.venue.split(/[ ,]+/)[0]!;
    await page.goto('/');
    const hero = page.getByRole('search', { name: 'Find events' });
    await hero.getByRole('searchbox').fill(venueWord);
    await hero.getByRole('button', { name: 'Find Events' }).click();
    await expect(page.getByRole('heading', { name: `Search results for "${venueWord}"` })).toBeVisible();
    await expectTitles(page, await listEvents(request, { q: venueWord, city: 'Mumbai' }));
    await expect(cardTitles(page).filter({ hasText: league!.title })).toHaveCount(1);

    await page.goto('/?search=badminton&city=all');
    const badminton = await listEvents(request, { q: 'badminton' });
    expect(badminton.length).toBeGreaterThan(0);
    await expectTitles(page, badminton);
  });
});

test.describe('All Events filters', () => {
  test('default Mumbai, category chips and the city select live in the URL', async ({ page, request }) => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'All Events' })).toBeVisible();
    await expect(page.getByTestId('events-subtitle')).toHaveText('Showing upcoming events in Mumbai and online');
    await expect(page.getByTestId('city-button')).toHaveText('Mumbai');
    await expectTitles(page, await listEvents(request, { city: 'Mumbai' }));
    // No View All on this page.
    await expect(page.getByRole('link', { name: 'View All' })).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Filter by category' }).getByRole('button', { name: 'Football' }).click();
    await expect(page).toHaveURL(/category=football/);
    await expect(page.getByRole('button', { name: 'Football', pressed: true })).toBeVisible();
    await expectTitles(page, await listEvents(request, { city: 'Mumbai', category: 'football' }));

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByLabel('City', { exact: true }).selectOption('Online');
    await expect(page).toHaveURL(/city=Online/);
    const online = await listEvents(request, { city: 'Online' });
    expect(online.length).toBeGreaterThan(0);
    await expectTitles(page, online);
    await expect(page.getByTestId('city-button')).toHaveText('Online');
  });

  test('a shared URL shows the same list, and its city wins over the remembered one', async ({ page, request }) => {
    await page.goto('/events?category=RUNNING&city=Online');
    await expectTitles(page, await listEvents(request, { category: 'running', city: 'Online' }));
    await page.goto('/events?city=Delhi');
    await expect(page.getByTestId('events-subtitle')).toHaveText('Showing upcoming events in Delhi and online');
    await expect(page.getByTestId('city-button')).toHaveText('Delhi');
    await expectTitles(page, await listEvents(request, { city: 'Delhi' }));
    await page.goto('/events?city=all');
    await expectTitles(page, await listEvents(request));
    await expect(page.getByTestId('city-button')).toHaveText('All cities');
  });
});

test.describe('All Events paging', () => {
  test('the first page fills the grid; Load more shows the rest and goes at the end', async ({ page, request, baseURL }) => {
    // Fifteen events of one organiser, dated years ahead so no other list's first page changes.
    const word = `Paging${Date.now()}`;
    const headers = { 'Content-Type': 'application/json', Origin: new URL(baseURL!).origin };
    expect((await request.post('/api/auth/login', { headers, data: E2E_ADMIN })).ok()).toBe(true);
    const titles = Array.from({ length: EVENTS_PAGE_SIZE + 3 }, (_, i) => `${word} Open ${String(i + 1).padStart(2, '0')}`);
    for (const [i, title] of titles.entries()) {
      const created = await request.post('/api/admin/events', {
        headers,
        data: {
          title,
          description: 'A league night of the paging journey.',
          category: 'Running',
          date: `2031-01-${String(i + 1).padStart(2, '0')}`,
          time: '07:00',
          city: 'Surat',
          venue: 'Athwa Lines Ground, Surat',
          maxParticipants: 100,
          price: 0,
          organizer: 'TDK Events',
          contactEmail: 'paging@tdksports.in',
          contactPhone: '9820012345',
          status: 'Active',
          imageUrl: null,
          highlights: [],
          rules: [],
          regulations: [],
        },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    await request.post('/api/auth/logout', { headers });
    const first = await eventsPage(request, { q: word, limit: String(EVENTS_PAGE_SIZE) });
    expect(first.events.map((e) => e.title)).toEqual(titles.slice(0, EVENTS_PAGE_SIZE));
    expect(first.nextCursor).not.toBeNull();

    await page.goto(`/events?city=all&search=${word}`);
    await expect(cardTitles(page)).toHaveText(titles.slice(0, EVENTS_PAGE_SIZE));
    const loadMore = page.getByRole('button', { name: 'Load more events' });
    await loadMore.click();
    await expect(cardTitles(page)).toHaveText(titles);
    // The list has ended: no button, and reading goes on at the first new card.
    await expect(loadMore).toHaveCount(0);
    await expect(page.getByRole('link', { name: titles[EVENTS_PAGE_SIZE], exact: true })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: '3 more events loaded' })).toBeAttached();

    // Another filter is another list, from its first page.
    await page.getByRole('navigation', { name: 'Filter by category' }).getByRole('button', { name: 'Football' }).click();
    await expect(page.getByText('No events found')).toBeVisible();
  });
});

test.describe('city dialog', () => {
  test('offers Online and every public city, filters, and remembers the choice', async ({ page, request }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Select city/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Your City' });
    await expect(dialog).toBeVisible();
    const options = dialog.getByRole('list', { name: 'Cities' }).getByRole('button');
    await expect(options).toHaveCount(15);
    await expect(options.first()).toHaveText('Online');
    await expect(dialog.getByRole('button', { name: 'Mumbai', pressed: true })).toBeVisible();

    await dialog.getByRole('searchbox', { name: 'Filter cities' }).fill('gur');
    await expect(options).toHaveText(['Gurugram']);
    await options.first().click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('city-button')).toHaveText('Gurugram');

    await page.reload();
    await expect(page.getByTestId('city-button')).toHaveText('Gurugram');
    await page.getByRole('link', { name: 'View All' }).click();
    await expect(page.getByTestId('events-subtitle')).toHaveText('Showing upcoming events in Gurugram and online');
    await expectTitles(page, await listEvents(request, { city: 'Gurugram' }));
  });

  test('Detect Location picks the nearest city from the browser position', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 18.6, longitude: 73.75 }); // Pimpri-Chinchwad
    await page.goto('/events');
    await page.getByTestId('city-button').click();
    await page.getByRole('dialog', { name: 'Select Your City' }).getByRole('button', { name: 'Detect Location' }).click();
    await expect(page.getByRole('dialog', { name: 'Select Your City' })).toBeHidden();
    await expect(page.getByTestId('city-button')).toHaveText('Pune');
    await expect(page).toHaveURL(/city=Pune/);
  });

  test('Detect Location explains a refusal', async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto('/');
    await page.getByTestId('city-button').click();
    const dialog = page.getByRole('dialog', { name: 'Select Your City' });
    await dialog.getByRole('button', { name: 'Detect Location' }).click();
    await expect(dialog.getByTestId('location-error')).toContainText('pick your city from the list');
    await expect(page.getByTestId('city-button')).toHaveText('Mumbai');
  });
});

test.describe('event card', () => {
  test("price reads 'Free' or '₹N onwards' from startingPrice", async ({ page, request }) => {
    const all = firstPageOf(await listEvents(request));
    const free = all.find((e) => e.startingPrice === 0);
    const paid = all.find((e) => (e.startingPrice ?? 0) > 0);
    expect(free && paid).toBeTruthy();
    await page.goto('/events?city=all');
    await expect(page.locator(`[data-event-id="${free!.id}"]`).getByTestId('event-price')).toHaveText('Free');
    await expect(page.locator(`[data-event-id="${paid!.id}"]`).getByTestId('event-price')).toHaveText(
      `${rupees(paid!.startingPrice!)} onwards`,
    );
  });

  test('Register Now lands on the register tab', async ({ page }) => {
    await page.goto('/');
    const card = cards(page).first();
    const id = await card.getAttribute('data-event-id');
    await card.getByRole('link', { name: /Register Now/ }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${id}\\?register=true$`));
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Register' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Participant Details' })).toBeVisible();
  });

  test('the like toggle is remembered, and shared with Save on the detail page', async ({ page }) => {
    await page.goto('/');
    const card = cards(page).first();
    const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
    await card.getByRole('button', { name: `Like ${title}` }).click();
    await expect(card.getByRole('button', { name: `Unlike ${title}` })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(
      cards(page)
        .first()
        .getByRole('button', { name: `Unlike ${title}` }),
    ).toHaveAttribute('aria-pressed', 'true');
    await cards(page).first().getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  });

  test("share copies the link when there is no share sheet: 'Link copied'", async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await page.goto('/');
    const card = cards(page).first();
    const id = await card.getAttribute('data-event-id');
    await card.getByRole('button', { name: /^Share / }).click();
    await expect(toast(page, 'Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/event/${id}$`));
  });
});

test.describe('event detail', () => {
  test('tabs, Event Information, Quick Actions and the notices; no rating', async ({ page, request }) => {
    const { event } = await eventWithTickets(request);
    await page.goto(`/event/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    const details = page.getByRole('tab', { name: 'Details' });
    await expect(details).toHaveAttribute('aria-selected', 'true');
    await details.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Tickets' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Tickets' })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Tickets' })).toBeVisible();

    const info = page.getByTestId('event-information');
    await expect(info.getByText(event.organizer)).toBeVisible();
    await expect(page.getByTestId('registered-count')).toHaveText(String(event.registered));
    await expect(page.getByTestId('spots-left')).toHaveText(
      new Intl.NumberFormat('en-IN').format(Math.max(0, event.maxParticipants - event.registered)),
    );
    await expect(page.getByRole('button', { name: 'Save Event' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
    // The event's own notes (the seed keeps the defaults), the same words as its e-mails and tickets.
    for (const notice of eventNotesFor(event.notes, 'en')) await expect(page.getByText(notice)).toBeVisible();
    // Then what the event's own policy allows after the sale: never a fixed 'non-refundable'.
    const notices = page.getByTestId('event-notices');
    await expect(
      notices.getByText(event.selfService?.cancel ? /^Cancel in My bookings until/ : /^Bookings cannot be cancelled/),
    ).toBeVisible();
    await expect(
      notices.getByText(event.selfService?.transfer ? /^Transfer a ticket/ : /^Tickets cannot be transferred/),
    ).toBeVisible();
    await expect(notices.getByText(/non-refundable/)).toHaveCount(0);
    // On a laptop the one booking button closes the Booking Summary in the side column, not a bar.
    const summary = page.getByTestId('booking-summary');
    await expect(summary.getByRole('button', { name: 'Book' })).toBeVisible();
    expect(await page.getByTestId('book-bar').evaluate((bar) => getComputedStyle(bar).position)).toBe('static');
    await expect(page.getByText('4.8')).toHaveCount(0);
  });

  test('tickets show their own inclusions; quantities clamp at 0 and at what is available', async ({ page, request }) => {
    const { event, tickets } = await eventWithTickets(request);
    // One ticket type nearly gone (3 left), to see the clamp and the low-availability highlight.
    const scarce = { ...tickets[0]!, available: 3, inclusions: ['Timing chip', 'Finisher medal'] };
    await withoutAnswersInPage(page);
    await page.route(
      (url) => url.pathname === `/api/events/${event.id}/tickets`,
      (route: Route) => route.fulfill({ json: { tickets: [scarce, ...tickets.slice(1)] } }),
    );
    await page.goto(`/event/${event.id}`);
    await page.getByRole('tab', { name: 'Tickets' }).click();
    const option = page
      .getByTestId('ticket-option')
      .filter({ has: page.getByRole('heading', { name: scarce.name, exact: true }) });
    // The ticket type's own inclusions, not a fixed list shown on every ticket.
    for (const inclusion of ['Timing chip', 'Finisher medal']) {
      await expect(option.getByText(inclusion)).toBeVisible();
    }
    await expect(option.getByText('Official merchandise')).toHaveCount(0);
    await expect(option.getByTestId('ticket-availability')).toHaveText('Only 3 left!');
    await expect(option.getByTestId('ticket-availability')).toHaveAttribute('data-low', 'true');

    const minus = option.getByRole('button', { name: `Decrease ${scarce.name}` });
    const plus = option.getByRole('button', { name: `Increase ${scarce.name}` });
    const box = option.getByRole('spinbutton', { name: `Quantity of ${scarce.name}` });
    await expect(box).toHaveValue('0');
    await expect(minus).toBeDisabled();

    await box.fill('99');
    await expect(box).toHaveValue('3');
    await expect(plus).toBeDisabled();
    await minus.click();
    await expect(box).toHaveValue('2');
    await plus.click();
    await expect(box).toHaveValue('3');
    const summary = page.getByTestId('booking-summary');
    await expect(summary.getByText(`${scarce.name} × 3`)).toBeVisible();
    await expect(page.getByTestId('booking-subtotal')).toHaveText(rupees(scarce.price * 3));

    await box.fill('-4');
    await expect(box).toHaveValue('0');
    await expect(summary.getByText('No tickets selected yet.')).toBeVisible();
  });

  test('an unknown event id: toast, the Event Not Found page, then home', async ({ page, browserConsole }) => {
    browserConsole.allow(/status of 404/);
    await page.goto('/event/987654');
    await expect(toast(page, 'Event not found')).toContainText('The requested event could not be found');
    await expect(page.getByRole('heading', { name: 'Event Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'Popular Events' })).toBeVisible();
  });

  test("another failure: 'Error' / 'Failed to load event details' and Back to Home", async ({
    page,
    request,
    browserConsole,
  }) => {
    browserConsole.allow(/status of 500/);
    const [first] = await listEvents(request);
    await withoutAnswersInPage(page);
    await page.route(
      (url) => url.pathname === `/api/events/${first!.id}`,
      (route) => route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'boom' } } }),
    );
    await page.goto(`/event/${first!.id}`);
    await expect(toast(page, 'Error')).toContainText('Failed to load event details');
    await expect(page.getByRole('heading', { name: 'Event Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('registration form validation', () => {
  test('each toast of SPEC.md section 5, with the messages under the fields of the right person', async ({ page, request }) => {
    const { event, paid } = await eventWithTickets(request);
    await page.goto(`/event/${event.id}?register=true`);
    const form = page.getByTestId('registration-form');
    const buyer = form.getByTestId('buyer-form');

    await form.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(toast(page, 'Missing information')).toContainText('Please fill in all required fields');
    await expect(buyer.getByText('Full name is required')).toBeVisible();

    await buyer.getByLabel('Full Name').fill('Asha Rao');
    await buyer.getByLabel('Email').fill('asha.rao@example.com');
    await buyer.getByLabel('Phone Number').fill('12345');
    await form.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(toast(page, 'No tickets selected')).toContainText('Please select at least one ticket to continue');

    // Two tickets: two attendee forms, nothing chosen for anyone (no default gender, size or birth date).
    await page.getByRole('tab', { name: 'Tickets' }).click();
    await page.getByRole('button', { name: `Increase ${paid.name}` }).click();
    await page.getByRole('button', { name: `Increase ${paid.name}` }).click();
    await page.getByRole('button', { name: 'Continue to Register' }).click();
    const attendees = form.getByTestId('attendee-form');
    await expect(attendees).toHaveCount(2);
    await expect(attendees.nth(1).getByLabel('Gender')).toHaveValue('');
    await expect(attendees.nth(1).getByLabel('T-shirt Size')).toHaveValue('');
    await expect(attendees.nth(1).getByLabel('Date of Birth')).toHaveValue('');
    await agreeToPrivacyNotice(form);
    const pay = form.getByRole('button', { name: `Pay ${rupees(paid.price * 2)}` });
    await pay.click();
    await expect(buyer.getByText('Enter an Indian phone number, like 98765 43210')).toBeVisible();
    await expect(buyer.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');
    await expect(attendees.nth(1).getByText('Date of birth is required')).toBeVisible();
    await expect(attendees.nth(1).getByText('Please choose a gender')).toBeVisible();

    // Phones as people write them are fine; a wrong one is named on the person it belongs to.
    await buyer.getByLabel('Email').fill('asha@example');
    await buyer.getByLabel('Phone Number').fill('+91 98200 12345');
    await attendees.nth(0).getByLabel('Same as buyer').check();
    await fillAttendeeDetails(attendees.nth(0), { dateOfBirth: '1994-02-11', gender: 'Female' });
    await attendees.nth(1).getByLabel('Full Name').fill('Ravi Rao');
    await attendees.nth(1).getByLabel('Phone Number').fill('098200 54321');
    await fillAttendeeDetails(attendees.nth(1), { dateOfBirth: '1991-07-30', gender: 'Male' });
    await attendees.nth(1).getByLabel('Emergency Contact Phone').fill('12');
    await pay.click();
    await expect(buyer.getByText('Invalid email format')).toBeVisible();
    await expect(attendees.nth(1).getByText('Enter an Indian phone number for the emergency contact')).toBeVisible();
    await expect(attendees.nth(0).getByText('Enter an Indian phone number for the emergency contact')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Payment' })).toHaveCount(0);
  });
});

test.describe('list errors', () => {
  const eventsList = (url: URL) => url.pathname === '/api/events';

  test("the API down: 'Failed to load events' in red, with the sample events", async ({ page, browserConsole }) => {
    browserConsole.allow(/status of 500/);
    await withoutAnswersInPage(page);
    await page.route(eventsList, (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'down' } } }),
    );
    await page.goto('/');
    const error = page.getByTestId('events-error');
    await expect(error).toHaveText('Failed to load events');
    expect(await error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(185, 28, 28)');
    await expect(cardTitles(page).filter({ hasText: 'Mumbai Sunday Football Cup' })).toBeVisible();
    await expect(cards(page)).not.toHaveCount(0);
  });

  test('no events at all: none in the city offers every city, where the sample events show, without an error', async ({
    page,
  }) => {
    await withoutAnswersInPage(page);
    await page.route(eventsList, (route) => route.fulfill({ json: { events: [], nextCursor: null } }));
    await page.goto('/');
    await expect(page.getByText('No events found')).toBeVisible();
    await page.getByRole('button', { name: 'Show all cities' }).click();
    await expect(page.getByTestId('city-button')).toHaveText('All cities');
    await expect(cardTitles(page).filter({ hasText: 'Mumbai Sunday Football Cup' })).toBeVisible();
    await expect(page.getByTestId('events-error')).toHaveCount(0);
  });
});

test.describe('footer newsletter', () => {
  test('validates, answers every address alike, and subscribes only through the mailed link', async ({ page }) => {
    const email = `fan-${Date.now()}@example.com`;
    await page.goto('/');
    // The form's code is fetched as the footer comes into view, as a visitor scrolls to it.
    await page.getByRole('heading', { name: 'Newsletter' }).scrollIntoViewIfNeeded();
    const box = page.getByLabel('Get new events in your inbox');
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    await box.fill('not-an-email');
    await subscribe.click();
    await expect(page.getByRole('form', { name: 'Newsletter' }).getByText('Invalid email format')).toBeVisible();
    await box.fill(email);
    await subscribe.click();
    await expect(toast(page, 'Check your inbox')).toBeVisible();
    await expect(box).toHaveValue('');

    // The confirmation link, from the e-mail as the visitor reads it (double opt-in).
    let link = '';
    await expect
      .poll(() => {
        const mail = outboxMails()
          .map(readMail)
          .find((m) => m.to.includes(email) && m.subject.startsWith('Confirm your subscription'));
        link = /https?:\/\/\S+\/newsletter\/confirm#[\w-]{43}/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.hash}`);
    await expect(page.getByRole('heading', { name: "You're subscribed" })).toBeVisible();
    // The token leaves the address bar.
    expect(new URL(page.url()).hash).toBe('');

    // Subscribed or not, the answer is the same.
    await page.getByRole('heading', { name: 'Newsletter' }).scrollIntoViewIfNeeded();
    await box.fill(email.toUpperCase());
    await subscribe.click();
    await expect(toast(page, 'Check your inbox').last()).toBeVisible();
  });
});

test.describe('signed-in header', () => {
  test('support staff see Admin but not Create Event, which needs a manager', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, 'support');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Create Event' })).toHaveCount(0);
  });

  test('Create Event, Admin, the full name and Logout back to /', async ({ page, baseURL }) => {
    await signIn(page, baseURL!, 'admin');
    await page.goto('/events');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Create Event' })).toHaveAttribute('href', '/admin/events?create=1');
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
    await expect(page.getByTestId('header-user')).not.toBeEmpty();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
    // At phone width the staff links take a row of their own and nothing overflows.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('signed-in-header-360.png') });
    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Signed out: the staff's Login is back, after what visitors look for.
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the event page's booking bar follows the page: the entry fee, 'Book', then what is chosen", async ({ page, request }) => {
    const { event, paid } = await eventWithTickets(request);
    await page.goto(`/event/${event.id}`);
    const bar = page.getByTestId('book-bar');
    // At the end of the page (scrolled there again while late content still makes it longer), the
    // bar is still on screen, and the footer's last line clear above it.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const lastLine = (await page.getByText(/All rights reserved/).boundingBox())!;
        return lastLine.y + lastLine.height - (await bar.boundingBox())!.y;
      })
      .toBeLessThanOrEqual(1);
    await expect(bar).toBeInViewport();
    await expect(bar.getByText('Entry fee')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('book-bar-360.png') });

    await bar.getByRole('button', { name: 'Book' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Tickets' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Tickets' })).toBeInViewport();
    await page.getByRole('button', { name: `Increase ${paid.name}` }).click();
    await expect(bar.getByText('1 ticket chosen')).toBeVisible();
    await expect(bar.getByText(rupees(paid.price), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Register/ })).toHaveCount(1);
    await bar.getByRole('button', { name: 'Continue to Register' }).click();
    await expect(page.getByTestId('registration-form').getByLabel('Full Name').first()).toBeFocused();
    await expect(bar).toHaveCount(0);
  });

  for (const path of ['/', '/events', '/event/1?register=true']) {
    test(`${path} fits 360 px without sideways scrolling`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('[data-remote="storefront"]')).toBeVisible();
      await expect(page.getByTestId('skeleton')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(page.getByTestId('city-button')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    });
  }
});
