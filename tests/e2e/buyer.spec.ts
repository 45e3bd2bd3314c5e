import { axeViolations } from '../support/axe';
import type { APIRequestContext, Page } from '@playwright/test';
import type { SportEvent } from '../../api/src/contract';
import { test, expect } from '../support/console';
import { signIn } from '../support/staff';
import {
  confirmationLink,
  eventWithTickets,
  fillParticipant,
  firstPageOf,
  listEvents,
  pickOneTicket,
  rupees,
  ticketsOf,
  toast,
} from '../support/storefront';

// Issue 15: the storefront as a buyer judges it. Upcoming events only, one city rule, honest words
// for free and cancelled, the hero video, phone width, keyboard and axe-core on every screen.

const cards = (page: Page) => page.getByTestId('event-card');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 3 });

async function cardIds(page: Page): Promise<number[]> {
  await expect(page.getByTestId('event-grid').or(page.getByText('No events found'))).toBeVisible();
  return await cards(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-event-id'))));
}

/** Every event the admin sees, ended ones included (the public list leaves those out). */
async function allEvents(page: Page, baseURL: string): Promise<SportEvent[]> {
  await signIn(page, baseURL, 'admin');
  // The admin list is paged: walk every page.
  const events: SportEvent[] = [];
  for (let number = 1; ; number++) {
    const res = await page.request.get(`/api/admin/events?pageSize=100&page=${number}`);
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as { events: SportEvent[]; total: number };
    events.push(...body.events);
    if (events.length >= body.total || body.events.length === 0) break;
  }
  await page.context().clearCookies();
  return events;
}

/** A free event with a free ticket that is still on sale. */
async function freeEventWithTicket(request: APIRequestContext) {
  for (const event of await listEvents(request)) {
    if (event.startingPrice !== 0) continue;
    const free = (await ticketsOf(request, event.id)).find((ticket) => ticket.price === 0 && ticket.available > 0);
    if (free) return { event, free };
  }
  throw new Error('no seeded free event with a free ticket on sale');
}

test.describe('upcoming first', () => {
  test('home and All Events show no ended event, soonest first; a Completed event keeps its page, with no register', async ({
    page,
    baseURL,
  }) => {
    const everything = await allEvents(page, baseURL!);
    const completed = everything.find((event) => event.status === 'Completed');
    expect(completed, 'the seed has a Completed event').toBeTruthy();
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const ended = new Set(everything.filter((e) => e.status === 'Completed' || e.date < today).map((e) => e.id));

    for (const path of ['/?city=all', '/events?city=all']) {
      await page.goto(path);
      const shown = await cardIds(page);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.filter((id) => ended.has(id))).toEqual([]);
      const dates = shown.map((id) => everything.find((e) => e.id === id)!.date);
      expect(dates).toEqual([...dates].sort());
    }

    // Still reachable by its link, even asked for with ?register=true.
    await page.goto(`/event/${completed!.id}?register=true`);
    await expect(page.getByRole('heading', { level: 1, name: completed!.title })).toBeVisible();
    await expect(page.getByTestId('event-ended-banner')).toHaveText('This event has ended');
    await expect(page.getByTestId('event-ended')).toContainText('This event has ended');
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Tickets' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /register|pay/i })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /register now/i })).toHaveCount(0);
    await expect(page.getByTestId('registration-form')).toHaveCount(0);
  });
});

test.describe('one city rule', () => {
  test('choosing Pune shows only Pune and Online on home and All Events, and the header says so', async ({ page, request }) => {
    const pune = await listEvents(request, { city: 'Pune' });
    expect(pune.some((e) => e.location === 'Pune')).toBe(true);
    expect(pune.some((e) => e.location === 'Online')).toBe(true);
    expect(pune.every((e) => e.location === 'Pune' || e.location === 'Online')).toBe(true);

    await page.goto('/');
    await page.getByTestId('city-button').click();
    await page.getByRole('dialog', { name: 'Select Your City' }).getByRole('button', { name: 'Pune' }).click();
    await expect(page.getByTestId('city-button')).toHaveText('Pune');
    await expect(page.getByText('Coming up soon in Pune and online.')).toBeVisible();
    await expect(cardTitles(page)).toHaveText(pune.slice(0, 8).map((e) => e.title));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Events' }).click();
    await expect(page.getByTestId('events-subtitle')).toHaveText('Showing upcoming events in Pune and online');
    await expect(page.getByTestId('city-button')).toHaveText('Pune');
    await expect(cardTitles(page)).toHaveText(firstPageOf(pune).map((e) => e.title));
  });

  test("an empty result offers 'Show all cities' and 'Show all sports'; All cities is explicit in the header", async ({
    page,
    request,
  }) => {
    const hockeyInPune = await listEvents(request, { city: 'Pune', category: 'hockey' });
    expect(hockeyInPune).toEqual([]);
    const hockey = await listEvents(request, { category: 'hockey' });
    expect(hockey.length).toBeGreaterThan(0);

    await page.goto('/events?city=Pune&category=hockey');
    await expect(page.getByText('No events found')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show all sports' })).toBeVisible();
    await page.getByRole('button', { name: 'Show all cities' }).click();
    await expect(page).toHaveURL(/city=all/);
    await expect(page.getByTestId('city-button')).toHaveText('All cities');
    await expect(cardTitles(page)).toHaveText(firstPageOf(hockey).map((e) => e.title));

    // The choice is remembered: home follows it too.
    await page.goto('/');
    await expect(page.getByTestId('city-button')).toHaveText('All cities');
    await expect(cardTitles(page)).toHaveText((await listEvents(request)).slice(0, 8).map((e) => e.title));

    await page.goto('/events?city=Pune&category=hockey');
    await page.getByRole('button', { name: 'Show all sports' }).click();
    await expect(page).not.toHaveURL(/category=/);
    await expect(cardTitles(page)).toHaveText(firstPageOf(await listEvents(request, { city: 'Pune' })).map((e) => e.title));
  });
});

test.describe('honest words', () => {
  test('a free registration never says pay or payment, asks to confirm the e-mail, and ends with Registration successful!', async ({
    page,
    request,
  }) => {
    const { event, free } = await freeEventWithTicket(request);
    const noPaymentWords = async () => expect(await page.locator('body').innerText()).not.toMatch(/\bpay(ment)?s?\b/i);

    await page.goto(`/event/${event.id}`);
    await page.getByRole('tab', { name: 'Tickets' }).click();
    await page.getByRole('button', { name: `Increase ${free.name}` }).click();
    await noPaymentWords();
    await page.getByRole('button', { name: 'Continue to Register' }).click();
    const email = `meera.${Date.now()}@example.com`;
    const form = await fillParticipant(page, email);
    await noPaymentWords();
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Registration' });
    await expect(dialog.getByText('This registration is free.')).toBeVisible();
    await noPaymentWords();
    await dialog.getByRole('button', { name: 'Confirm Registration' }).click();
    // A free registration counts once the buyer confirms their address (decision 027).
    await expect(dialog.getByRole('heading', { name: 'Check your e-mail to confirm' })).toBeVisible();
    await expect(dialog.getByText(`We sent a link to ${email}.`, { exact: false })).toBeVisible();
    await noPaymentWords();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page.goto(await confirmationLink(email));
    await expect(page).toHaveURL(/\/ticket\/REG/, { timeout: 10_000 });
    await expect(page.getByTestId('booked').getByRole('heading', { name: 'Registration successful!' })).toBeVisible();
    await noPaymentWords();
  });

  test('a toast from a failed attempt does not linger into the next one', async ({ page, request }) => {
    const { event, paid } = await eventWithTickets(request);
    await pickOneTicket(page, event.id, paid);
    const form = page.getByTestId('registration-form');
    // First attempt: nothing filled in.
    await form.getByRole('button', { name: `Pay ${rupees(paid.price)}` }).click();
    await expect(toast(page, 'Missing information')).toBeVisible();
    await fillParticipant(page, 'linger@example.com');
    await form.getByRole('button', { name: `Pay ${rupees(paid.price)}` }).click();
    await expect(page.getByRole('dialog', { name: 'Payment' })).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0);

    // A declined card, then Try Again: the failure's toast goes with the failure.
    await page
      .getByRole('dialog', { name: 'Payment' })
      .getByRole('button', { name: `Pay ${rupees(paid.price)}` })
      .click();
    await page
      .frameLocator('iframe[title="Cashfree checkout"]')
      .getByRole('button', { name: /Card: failure/ })
      .click();
    await expect(toast(page, 'Payment failed')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('dialog', { name: 'Payment' }).getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(page.locator('iframe[title="Cashfree checkout"]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Payment' }).getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  });
});

test.describe('keyboard', () => {
  test('skip link, focus to the form, focus to the first invalid field, and a checkout that keeps focus', async ({
    page,
    request,
  }) => {
    const { event, paid } = await eventWithTickets(request);
    await page.goto(`/event/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();

    // Details → Tickets with the arrow keys, then Tab to the first Increase.
    await page.getByRole('tab', { name: 'Details' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Tickets' })).toBeFocused();
    const increase = page.getByRole('button', { name: `Increase ${paid.name}` });
    for (let i = 0; i < 40 && !(await increase.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(increase).toBeFocused();
    await page.keyboard.press('Enter');
    const next = page.getByRole('button', { name: 'Continue to Register' });
    for (let i = 0; i < 40 && !(await next.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    const form = page.getByTestId('registration-form');
    const buyer = form.getByTestId('buyer-form');
    await expect(buyer.getByLabel('Full Name')).toBeFocused();

    // A submit with errors takes focus to the first field that is wrong.
    await page.keyboard.type('Meera Iyer');
    await form.getByRole('button', { name: `Pay ${rupees(paid.price)}` }).press('Enter');
    await expect(buyer.getByLabel('Email')).toBeFocused();

    await fillParticipant(page, 'keyboard@example.com');
    await form.getByRole('button', { name: `Pay ${rupees(paid.price)}` }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.getByRole('button', { name: `Pay ${rupees(paid.price)}` }).press('Enter');

    // The emulator's checkout, as Cashfree's: focus starts inside and Tab never leaves it.
    const checkout = page.locator('[data-cashfree-emulator]');
    await expect(checkout).toBeVisible();
    const focusInCheckout = () => page.evaluate(() => Boolean(document.activeElement?.closest('[data-cashfree-emulator]')));
    await expect.poll(focusInCheckout).toBe(true);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInCheckout()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await expect(checkout).toHaveCount(0);
  });

  test("Escape closes the admin's phone menu and gives focus back to its button", async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, baseURL!, 'admin');
    await page.goto('/admin');
    const menu = page.getByRole('button', { name: 'Open navigation' });
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
  });
});

test.describe('hero video', () => {
  test('plays a small loop over its still once the page is idle, and is never the largest contentful paint', async ({ page }) => {
    const videos: { url: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (!/\.(webm|mp4)$/.test(new URL(response.url()).pathname)) return;
      videos.push({ url: response.url(), bytes: (await response.body().catch(() => Buffer.alloc(0))).length });
    });
    await page.goto('/');
    const motion = page.getByTestId('hero-video');
    await expect(motion).toHaveAttribute('data-playing', 'true');
    await expect.poll(() => videos.length).toBeGreaterThan(0);
    for (const video of videos) expect(video.bytes, video.url).toBeLessThan(400 * 1024);
    // The frames change: it moves.
    const frame = () => motion.evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL('image/png').length);
    const first = await frame();
    await expect.poll(frame).not.toBe(first);
    // Muted by nature: the page never holds a <video> with sound, nor any <video> at all.
    await expect(page.locator('video')).toHaveCount(0);
    const lcp = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          new PerformanceObserver((list) =>
            resolve(list.getEntries().map((e) => (e as PerformanceEntry & { element?: Element }).element?.tagName ?? '')),
          ).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(lcp.length).toBeGreaterThan(0);
    expect(lcp.filter((tag) => tag === 'VIDEO' || tag === 'CANVAS')).toEqual([]);
  });

  test('is not played under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(cards(page).first()).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    await expect(page.getByTestId('hero-video')).toHaveCount(0);
    await expect(page.locator('video')).toHaveCount(0);
  });
});

test.describe('artwork', () => {
  test('each sport has its own artwork on the cards', async ({ page }) => {
    await page.goto('/?city=all');
    await expect(cards(page).first()).toBeVisible();
    const art = await page
      .getByTestId('event-art')
      .evaluateAll((imgs) => imgs.map((img) => ({ sport: img.getAttribute('data-sport'), src: (img as HTMLImageElement).src })));
    const bySport = new Map(art.map((a) => [a.sport, a.src]));
    expect(bySport.size).toBeGreaterThan(3);
    expect(new Set(bySport.values()).size).toBe(bySport.size);
  });
});

test.describe('uploaded images', () => {
  test('a manager uploads a photo; the card fetches a copy sized for it through srcset', async ({ page, baseURL }) => {
    const title = `Kochi Harbour Swim ${Date.now()}`;
    await signIn(page, baseURL!, 'manager');
    await page.goto('/admin/events?create=1');
    // A 1200 × 675 photo-like PNG, drawn by the browser.
    const photo = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 1200;
        canvas.height = 675;
        const context = canvas.getContext('2d')!;
        const gradient = context.createLinearGradient(0, 0, 1200, 675);
        gradient.addColorStop(0, '#0369a1');
        gradient.addColorStop(1, '#7dd3fc');
        context.fillStyle = gradient;
        context.fillRect(0, 0, 1200, 675);
        return canvas.toDataURL('image/png').split(',')[1]!;
      }),
      'base64',
    );
    const form = page.getByRole('dialog', { name: 'Create New Event' });
    await form.getByLabel('Event Title').fill(title);
    await form.getByLabel('Category').selectOption('Swimming');
    await form.getByLabel('Status').selectOption('Active');
    await form.getByLabel('Description').fill('A 1 km harbour swim.');
    await form.locator('input[type="file"]').setInputFiles({ name: 'swim.png', mimeType: 'image/png', buffer: photo });
    await form.getByLabel('Date').fill('2030-04-12');
    await form.getByLabel('Time').fill('06:30');
    await form.getByLabel('City').selectOption('Online');
    await form.getByLabel('Venue').fill('Online');
    await form.getByLabel('Max Participants').fill('100');
    await form.getByLabel('Entry Fee (₹)').fill('0');
    await form.getByLabel('Contact Email').fill('swim@kochiswimmers.in');
    await form.getByLabel('Contact Phone').fill('98470 11111');
    await form.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Event created successfully' })).toBeVisible();

    const [event] = await listEvents(page.request, { q: title });
    const url = event!.imageUrl!;
    const copy = url.replace(/\.png$/, '-w480.png');
    const pngWidth = (bytes: Buffer) => bytes.readUInt32BE(16);
    expect(pngWidth(await (await page.request.get(url)).body())).toBe(1200);
    expect(pngWidth(await (await page.request.get(copy)).body())).toBe(480);

    await page.goto(`/events?city=all&search=${encodeURIComponent(title)}`);
    const img = cards(page).filter({ hasText: title }).locator('img');
    await expect(img).toHaveAttribute('srcset', new RegExp(`-w480\\.png 480w, .*-w960\\.png 960w$`));
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/-w480\.png$/);
  });
});

const PUBLIC_PATHS = (eventId: number) => [
  '/',
  '/events',
  `/event/${eventId}`,
  `/event/${eventId}?register=true`,
  '/no-such-page',
  '/ticket/REGNOSUCHTICKET?t=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  '/login',
];
const ADMIN_PATHS = [
  '/admin',
  '/admin/events',
  '/admin/tickets',
  '/admin/registrations',
  '/admin/analytics',
  '/admin/users',
  '/admin/settings',
  '/admin/no-such-page',
];

async function settled(page: Page) {
  await expect(
    page
      .locator('[data-remote]')
      .first()
      .or(page.getByRole('heading', { name: 'Admin Login' })),
  ).toBeVisible();
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('the 404 page', () => {
  test('keeps the site header and footer', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Events' })).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
  });
});

test.describe('phone width: 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no public or admin screen is wider than the phone', async ({ page, request, baseURL, browserConsole }) => {
    browserConsole.allow(/status of 404/);
    const [first] = await listEvents(request);
    const wide: string[] = [];
    const check = async (path: string) => {
      await page.goto(path);
      await settled(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 360) wide.push(`${path}: ${width}px`);
    };
    for (const path of PUBLIC_PATHS(first!.id)) await check(path);
    await signIn(page, baseURL!, 'admin');
    for (const path of ADMIN_PATHS) await check(path);
    expect(wide).toEqual([]);
  });

  test('the header keeps the whole logo, the city and All Events', async ({ page }) => {
    await page.goto('/');
    const logo = page.getByRole('banner').getByRole('link', { name: /home$/ });
    expect(await logo.locator('span').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Events' })).toBeVisible();
    await expect(page.getByTestId('city-button')).toBeVisible();
  });
});

test.describe('axe-core', () => {
  const audit = (page: Page, path: string) => axeViolations(page, path);

  test('every public screen has no violation of any impact', async ({ page, request, browserConsole }) => {
    browserConsole.allow(/status of 404/);
    const [first] = await listEvents(request);
    const found: string[] = [];
    for (const path of PUBLIC_PATHS(first!.id)) {
      await page.goto(path);
      await settled(page);
      found.push(...(await audit(page, path)));
    }
    // The city dialog and a toast, open.
    await page.goto('/');
    await settled(page);
    await page.getByTestId('city-button').click();
    await expect(page.getByRole('dialog', { name: 'Select Your City' })).toBeVisible();
    found.push(...(await audit(page, '/ (city dialog)')));
    await page.getByRole('dialog', { name: 'Select Your City' }).getByRole('button', { name: 'Delhi' }).click();
    await cards(page)
      .first()
      .getByRole('button', { name: /^Like / })
      .click();
    expect(found).toEqual([]);
  });

  test('every admin screen has no violation of any impact', async ({ page, baseURL, browserConsole }) => {
    browserConsole.allow(/status of 404/);
    await signIn(page, baseURL!, 'admin');
    const found: string[] = [];
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await settled(page);
      // The participants' list drawn (its 'Email' links were once named 'E-mail …': WCAG 2.5.3).
      if (path === '/admin/users') await expect(page.getByRole('link', { name: /^Email / }).first()).toBeVisible();
      found.push(...(await audit(page, path)));
    }
    // A table's column chooser, open.
    await page.goto('/admin/registrations');
    await settled(page);
    await page.getByText(/^Columns \(/).click();
    await expect(page.getByRole('group', { name: 'Columns shown' })).toBeVisible();
    found.push(...(await audit(page, '/admin/registrations (column chooser open)')));
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/admin/events');
    await settled(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    found.push(...(await audit(page, '/admin/events (phone menu open)')));
    expect(found).toEqual([]);
  });
});
