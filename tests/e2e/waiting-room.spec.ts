import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { SportEvent, Ticket } from '../../api/src/contract';
import { test, expect } from '../support/console';
import { E2E_ADMIN } from '../support/staff';
import { fillParticipant, rupees } from '../support/storefront';

// The waiting room (decision 032): three browsers join the queue of a one-seat sale before it opens,
// the sale opens and the pre-queue is shuffled; each sees its place fall; the first in line lets
// its minute pass and its turn goes to the next, who buys the seat; the last is told it sold out
// and joins the waiting list. Roles follow the shuffle: the test reads who drew which place.

const headers = (baseURL: string) => ({ 'Content-Type': 'application/json', Origin: new URL(baseURL).origin });

async function ok<T>(
  response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> },
  what: string,
) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

const indiaClock = (ms: number) => {
  const iso = new Date(ms + 330 * 60_000).toISOString();
  return { onSaleDate: iso.slice(0, 10), onSaleTime: iso.slice(11, 16) };
};

async function queuedSale(request: APIRequestContext, baseURL: string) {
  const h = headers(baseURL);
  await ok(await request.post('/api/auth/login', { headers: h, data: E2E_ADMIN }), 'admin sign-in');
  const date = new Date(Date.now() + 10 * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);
  const { event } = await ok<{ event: SportEvent }>(
    await request.post('/api/admin/events', {
      headers: h,
      data: {
        title: `Stadium Final ${Date.now()}`,
        description: 'The final, one seat left for the test.',
        category: 'Cricket',
        date,
        time: '19:30',
        city: 'Mumbai',
        venue: 'Wankhede Stadium, Mumbai',
        maxParticipants: 1,
        price: 1500,
        organizer: 'TDK Events',
        contactEmail: 'matches@tdksports.in',
        contactPhone: '9820012345',
        status: 'Active',
        imageUrl: null,
        highlights: [],
        rules: [],
        regulations: [],
      },
    }),
    'create event',
  );
  const { ticket } = await ok<{ ticket: Ticket }>(
    await request.post('/api/admin/tickets', {
      headers: h,
      data: {
        eventId: event.id,
        name: 'North Stand',
        description: 'Seat',
        category: 'General',
        price: 1500,
        quantity: 1,
        status: 'Active',
      },
    }),
    'create ticket',
  );
  const settings = {
    enabled: true,
    ...indiaClock(Date.now() + 86_400_000),
    ratePerMinute: 60,
    finishMinutes: 1,
    capPerEmail: 4,
    capPerPhone: 4,
    browsersPerAddress: 10,
  };
  await ok(await request.put(`/api/admin/events/${event.id}/waiting-room`, { headers: h, data: settings }), 'waiting room');
  return { event, ticket, settings };
}

async function newBrowser(browser: Browser, baseURL: string, address: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  await context.route(`${baseURL}/api/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
  return context.newPage();
}

const position = async (page: Page) => Number((await page.getByTestId('queue-position').innerText()).replace(/\D/g, ''));

test('three browsers join before the on-sale; one lets its turn pass, one buys, the last is told it sold out and joins the waiting list', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { event, ticket, settings } = await queuedSale(request, baseURL!);
  await page.setViewportSize({ width: 360, height: 780 });
  const pages = [page, await newBrowser(browser, baseURL!, '10.211.0.2'), await newBrowser(browser, baseURL!, '10.211.0.3')];

  // Before the on-sale: the event page says when, and "Join the queue" opens the waiting page.
  for (const p of pages) {
    await p.goto(`/event/${event.id}`);
    await expect(p.getByTestId('queue-notice')).toContainText('through a queue');
    await p.getByTestId('queue-notice-join').click();
    await expect(p).toHaveURL(new RegExp(`/event/${event.id}/queue$`));
    await expect(p.getByTestId('queue-countdown')).toBeVisible();
    await expect(p.getByTestId('queue-live')).toContainText('You are in the queue');
  }
  await expect(page.getByTestId('queue-live')).toContainText('People in the queue: 3', { timeout: 30_000 });
  await expect(page.getByTestId('queue-live')).toHaveAttribute('aria-live', 'polite');
  await page.screenshot({ path: test.info().outputPath('waiting-room-before-360.png'), fullPage: true });
  // A reload keeps the place (same browser, same cookie): still three in the queue.
  await pages[1]!.reload();
  await expect(pages[1]!.getByTestId('queue-live')).toContainText('People in the queue: 3');

  // Staff bring the on-sale forward: the job shuffles the pre-queue within a second.
  await ok(
    await request.put(`/api/admin/events/${event.id}/waiting-room`, {
      headers: headers(baseURL!),
      data: { ...settings, ...indiaClock(Date.now() - 60_000) },
    }),
    'open the sale',
  );
  // One seat: the first in line is admitted, the other two wait at places 1 and 2 behind it.
  const places = new Map<Page, number>();
  await expect
    .poll(
      async () => {
        places.clear();
        for (const p of pages) {
          if (await p.getByRole('button', { name: 'Book your tickets' }).isVisible()) places.set(p, 0);
          else if (await p.getByTestId('queue-position').isVisible()) places.set(p, await position(p));
        }
        return [...places.values()].sort().join(',');
      },
      { timeout: 30_000 },
    )
    .toBe('0,1,2');
  const order = [...places].sort((a, b) => a[1] - b[1]).map(([p]) => p);
  const [first, second, third] = order as [Page, Page, Page];
  await expect(second.getByTestId('queue-live')).toContainText('People ahead of you: 0');
  await expect(third.getByTestId('queue-live')).toContainText('People ahead of you: 1');
  await third.screenshot({ path: test.info().outputPath('waiting-room-in-line-360.png'), fullPage: true });

  // The first lets its minute pass: the turn goes on, and each place behind falls by one.
  await expect(first.getByTestId('queue-live')).toContainText('It is your turn');
  await expect(first.getByTestId('queue-live')).toContainText('Your time to book ended', { timeout: 90_000 });
  await expect(second.getByRole('button', { name: 'Book your tickets' })).toBeVisible({ timeout: 15_000 });
  await expect(third.getByTestId('queue-position')).toHaveText('Your place in line: 1');

  // The second books the seat with its entry token.
  await second.getByRole('button', { name: 'Book your tickets' }).click();
  await expect(second).toHaveURL(new RegExp(`/event/${event.id}\\?register=true$`));
  await second.getByRole('tab', { name: 'Tickets' }).click();
  await second.getByRole('button', { name: `Increase ${ticket.name}` }).click();
  await second.getByRole('button', { name: 'Continue to Register' }).click();
  const form = await fillParticipant(second, `queue.${Date.now()}@example.com`, 'Rohan Desai');
  await form.getByRole('button', { name: `Pay ${rupees(ticket.price)}` }).click();
  const payment = second.getByRole('dialog', { name: 'Payment' });
  await payment.getByRole('button', { name: `Pay ${rupees(ticket.price)}` }).click();
  await second
    .frameLocator('iframe[title="Cashfree checkout"]')
    .getByRole('button', { name: /UPI: success/ })
    .click();
  await expect(second).toHaveURL(/\/ticket\/REG[0-9A-Z]+#t=[\w-]{32}$/, { timeout: 15_000 });

  // The last is told at once that it sold out, and is offered the waiting list.
  await expect(third.getByTestId('queue-sold-out')).toContainText('This event is sold out', { timeout: 15_000 });
  await third.screenshot({ path: test.info().outputPath('waiting-room-sold-out-360.png'), fullPage: true });
  await third.getByTestId('queue-waiting-list').click();
  await third.getByRole('button', { name: `Join the waiting list for ${ticket.name}` }).click();
  const dialog = third.getByRole('dialog', { name: `Waiting list: ${ticket.name}` });
  await dialog.getByLabel('Full Name').fill('Kavya Nair');
  await dialog.getByLabel('Email').fill(`kavya.${Date.now()}@example.com`);
  await dialog.getByLabel('Phone Number').fill('98220 11223');
  await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(third.getByRole('dialog', { name: 'You are on the waiting list' })).toBeVisible();

  // Staff see it all: one bought, one lapsed, the queue closed, the seed recorded.
  const room = await ok<{ figures: { state: string; bought: number; expired: number; shuffleSeed: string | null } }>(
    await request.get(`/api/admin/events/${event.id}/waiting-room`),
    'room',
  );
  expect(room.figures).toMatchObject({ state: 'closed', bought: 1, expired: 1 });
  expect(room.figures.shuffleSeed).toMatch(/^[0-9a-f]{64}$/);
});
