// A sale in Maharashtra (GST state 27) with 18 % GST on its tickets, made through the API as the
// e2e admin: the set-up the GST journeys share (invoices.spec, promo-codes.spec).
import type { APIRequestContext } from '@playwright/test';
import type { SportEvent, Ticket } from '../../api/src/contract';
import { E2E_ADMIN } from './staff';

export const sameOrigin = (baseURL: string) => ({ 'Content-Type': 'application/json', Origin: new URL(baseURL).origin });

export interface TaxedSaleEvent {
  title: string;
  description: string;
  venue: string;
  organizer: string;
  contactEmail: string;
  /** Days from today (India) to the event. */
  inDays: number;
  maxParticipants: number;
  recognisedSport: boolean;
}

/** The event and one ticket type (100 seats at 18 % GST) per `tickets` entry, in that order. */
export async function taxedSale(
  request: APIRequestContext,
  baseURL: string,
  event: TaxedSaleEvent,
  tickets: readonly { name: string; price: number }[],
): Promise<{ event: SportEvent; tickets: Ticket[] }> {
  const headers = sameOrigin(baseURL);
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await request.post(path, { headers, data });
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
  await post('/api/auth/login', E2E_ADMIN);
  const date = new Date(Date.now() + 330 * 60_000 + event.inDays * 86_400_000).toISOString().slice(0, 10);
  const created = await post<{ event: SportEvent }>('/api/admin/events', {
    title: event.title,
    description: event.description,
    category: 'Running',
    date,
    time: '06:00',
    city: 'Pune',
    venue: event.venue,
    maxParticipants: event.maxParticipants,
    price: Math.min(...tickets.map((ticket) => ticket.price)),
    organizer: event.organizer,
    contactEmail: event.contactEmail,
    contactPhone: '9820012345',
    status: 'Active',
    imageUrl: null,
    highlights: [],
    rules: [],
    regulations: [],
    recognisedSport: event.recognisedSport,
    gstState: '27',
  });
  const made: Ticket[] = [];
  for (const { name, price } of tickets) {
    const { ticket } = await post<{ ticket: Ticket }>('/api/admin/tickets', {
      eventId: created.event.id,
      name,
      description: `${name} entry`,
      category: 'General',
      price,
      quantity: 100,
      status: 'Active',
      gstRate: 18,
    });
    made.push(ticket);
  }
  return { event: created.event, tickets: made };
}

/** The organisation's GST identity, as its admin saves it (decision 055: the seller is the organisation). */
export interface TaxIdentity {
  gstLegalName: string;
  gstAddress: string;
  gstState: string;
  gstin: string;
}

/**
 * Saves the e2e admin's organisation's tax identity through PUT /api/admin/organisation (its other
 * fields as they are; the PAN the GSTIN holds), or with '' removes the registration. Answers the
 * profile as it was, to put back.
 */
export async function putOrganisationTax(request: APIRequestContext, baseURL: string, tax: TaxIdentity) {
  const headers = sameOrigin(baseURL);
  const profile = await organisationProfile(request, baseURL);
  const next = tax.gstin
    ? {
        ...profile,
        legalName: tax.gstLegalName,
        address: tax.gstAddress,
        state: tax.gstState,
        pan: tax.gstin.slice(2, 12),
        gstin: tax.gstin,
      }
    : { ...profile, gstin: '' };
  const saved = await request.put('/api/admin/organisation', { headers, data: next });
  if (!saved.ok()) throw new Error(`organisation tax not saved: ${saved.status()} ${await saved.text()}`);
  return profile;
}

/** The e2e admin's organisation's profile as its admin edits it (signed in as that admin first). */
export async function organisationProfile(request: APIRequestContext, baseURL: string) {
  const headers = sameOrigin(baseURL);
  const login = await request.post('/api/auth/login', { headers, data: E2E_ADMIN });
  if (!login.ok()) throw new Error(`e2e admin could not sign in: ${login.status()} ${await login.text()}`);
  const current = await request.get('/api/admin/organisation', { headers });
  if (!current.ok()) throw new Error(`organisation profile: ${current.status()} ${await current.text()}`);
  const { organisation } = (await current.json()) as { organisation: Record<string, string | null> };
  const { id: _id, slug: _slug, status: _status, ...profile } = organisation;
  return profile;
}

/**
 * Puts the profile back as organisationProfile or putOrganisationTax read it, so a journey that
 * changed the seller (its legal name, GSTIN) leaves the next journeys the organisation they expect.
 */
export async function putOrganisationProfile(
  request: APIRequestContext,
  baseURL: string,
  profile: Awaited<ReturnType<typeof organisationProfile>>,
) {
  const headers = sameOrigin(baseURL);
  const login = await request.post('/api/auth/login', { headers, data: E2E_ADMIN });
  if (!login.ok()) throw new Error(`e2e admin could not sign in: ${login.status()} ${await login.text()}`);
  const saved = await request.put('/api/admin/organisation', { headers, data: { ...profile, gstin: profile.gstin ?? '' } });
  if (!saved.ok()) throw new Error(`organisation profile not put back: ${saved.status()} ${await saved.text()}`);
}
