import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import {
  EVENTS_PAGE_SIZE,
  MAX_EVENTS_PAGE_SIZE,
  type EventsResponse,
  type SportEvent,
  type Ticket,
} from '../../api/src/contract';

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

/** Fills the participant form as a buyer would, and gives it back for the submit. */
export async function fillParticipant(page: Page, email: string, fullName = 'Meera Iyer') {
  const form = page.getByTestId('registration-form');
  await form.getByLabel('Full Name').fill(fullName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone Number').fill('9820012345');
  await form.getByLabel('Age').fill('29');
  await form.getByLabel('Emergency Contact Name').fill('Arjun Iyer');
  await form.getByLabel('Emergency Contact Phone').fill('9820054321');
  return form;
}
