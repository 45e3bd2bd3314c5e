import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import {
  EVENTS_PAGE_SIZE,
  MAX_EVENTS_PAGE_SIZE,
  type EventsResponse,
  type SportEvent,
  type Ticket,
} from '../../api/src/contract';

import { outboxMails, readMail } from './languages';

// What the storefront journeys ask of the public API and of the page.

/** One page of GET /api/events, as the storefront asks for it. */
export async function eventsPage(request: APIRequestContext, query: Record<string, string> = {}): Promise<EventsResponse> {
  const qs = new URLSearchParams(query).toString();
  const res = await request.get(`/api/events${qs ? `?${qs}` : ''}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as EventsResponse;
}

/** The whole public list with these filters, every page of it. */
export async function listEvents(request: APIRequestContext, query: Record<string, string> = {}): Promise<SportEvent[]> {
  const events: SportEvent[] = [];
  let cursor: string | null = null;
  do {
    const page: EventsResponse = await eventsPage(request, {
      ...query,
      limit: String(MAX_EVENTS_PAGE_SIZE),
      ...(cursor ? { cursor } : {}),
    });
    events.push(...page.events);
    cursor = page.nextCursor;
  } while (cursor);
  return events;
}

/** What a list's first screen shows: its first page (All Events, a search). */
export const firstPageOf = (events: SportEvent[]) => events.slice(0, EVENTS_PAGE_SIZE);

export async function ticketsOf(request: APIRequestContext, eventId: number): Promise<Ticket[]> {
  const res = await request.get(`/api/events/${eventId}/tickets`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { tickets: Ticket[] }).tickets;
}

/** An event with Active tickets, and a paid one among them. */
export async function eventWithTickets(request: APIRequestContext) {
  for (const event of await listEvents(request)) {
    const tickets = await ticketsOf(request, event.id);
    const paid = tickets.filter((t) => t.price > 0 && t.available > 0);
    if (paid.length > 0) return { event, tickets, paid: paid[0]! };
  }
  throw new Error('no seeded event with a paid, available ticket');
}

export const toast = (page: Page, title: string) =>
  page.getByTestId('toast').filter({ has: page.getByTestId('toast-title').getByText(title, { exact: true }) });

export const rupees = (n: number) => `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(n)}`;

/** Opens the event's page, adds one ticket of the type and goes on to the participant form. */
export async function pickOneTicket(page: Page, eventId: number, ticket: Pick<Ticket, 'name'>) {
  await page.goto(`/event/${eventId}`);
  await page.getByRole('tab', { name: 'Tickets' }).click();
  await page.getByRole('button', { name: `Increase ${ticket.name}` }).click();
  await page.getByRole('button', { name: 'Continue to Register' }).click();
}

/** Fills the buyer's details and the first attendee as the buyer themself ("Same as buyer"), and gives the form back for the submit. */
export async function fillParticipant(page: Page, email: string, fullName = 'Meera Iyer') {
  const form = page.getByTestId('registration-form');
  const buyer = form.getByTestId('buyer-form');
  await buyer.getByLabel('Full Name').fill(fullName);
  await buyer.getByLabel('Email').fill(email);
  await buyer.getByLabel('Phone Number').fill('98200 12345');
  const first = form.getByTestId('attendee-form').first();
  await first.getByLabel('Same as buyer').check();
  await fillAttendeeDetails(first, { dateOfBirth: '1996-04-12', gender: 'Female' });
  await agreeToPrivacyNotice(form);
  return form;
}

/** Ticks the registration form's privacy notice box (decision 030), as every buyer must before paying. */
export async function agreeToPrivacyNotice(form: Locator) {
  await form.getByTestId('privacy-notice').getByRole('checkbox').check();
}

/** One attendee's details beyond what "Same as buyer" or the copy button fill. */
export async function fillAttendeeDetails(
  attendee: Locator,
  person: { fullName?: string; dateOfBirth: string; gender: 'Male' | 'Female' | 'Other'; phone?: string },
) {
  if (person.fullName) await attendee.getByLabel('Full Name').fill(person.fullName);
  if (person.phone) await attendee.getByLabel('Phone Number').fill(person.phone);
  await attendee.getByLabel('Date of Birth').fill(person.dateOfBirth);
  await attendee.getByLabel('Gender').selectOption({ label: person.gender });
  const emergency = attendee.getByLabel('Emergency Contact Name');
  if ((await emergency.count()) > 0 && !(await emergency.inputValue())) {
    await emergency.fill('Arjun Iyer');
    await attendee.getByLabel('Emergency Contact Phone').fill('098200 54321');
  }
}

/**
 * The first link matching `pattern` in an e-mail to the address, read from the outbox the platform
 * writes without SMTP (waiting for it to be written), as a URL of this site.
 */
export async function mailedLink(email: string, pattern: RegExp, what: string): Promise<URL> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = outboxMails()
          .map(readMail)
          .filter((m) => m.to.includes(email))
          .map((m) => m.text.match(pattern)?.[0])
          .find(Boolean);
        return link;
      },
      { message: `${what} to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return new URL(link!);
}

/**
 * The link a free registration's buyer is e-mailed to confirm their address (decision 027), as a
 * path on this site.
 */
export async function confirmationLink(email: string): Promise<string> {
  const url = await mailedLink(email, /https?:\/\/\S*confirm_token=[A-Za-z0-9_-]{43}\S*/, 'the confirmation e-mail');
  return `${url.pathname}${url.search}`;
}
