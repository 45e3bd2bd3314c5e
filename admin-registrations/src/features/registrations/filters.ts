import {
  DEFAULT_REGISTRATION_PAGE_SIZE,
  PAYMENT_STATUSES,
  REGISTRATION_PAGE_SIZES,
  REGISTRATION_STATUSES,
  searchableText,
} from '@tdk/api/contract';
import type { PaymentStatus, RegistrationStatus } from '@tdk/api/contract';

/** What the console's URL holds (the Users screen links here with `?search=`). */
export interface RegistrationFilters {
  search: string;
  eventId: number | null;
  status: RegistrationStatus | '';
  paymentStatus: PaymentStatus | '';
  /** One ticket type's attendees (a ticket type of the chosen event). */
  ticketId: number | null;
  /** One team's members (a team name, as a row's team link sets it). */
  team: string;
  page: number;
  pageSize: number;
}

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Reads the filters from the URL; anything unknown falls back to its default (a search under 3 characters too). */
export function filtersFromParams(params: URLSearchParams): RegistrationFilters {
  const status = params.get('status') ?? '';
  const paymentStatus = params.get('paymentStatus') ?? '';
  const pageSize = positive(params.get('pageSize'));
  return {
    search: searchableText(params.get('search') ?? ''),
    eventId: positive(params.get('eventId')),
    status: (REGISTRATION_STATUSES as readonly string[]).includes(status) ? (status as RegistrationStatus) : '',
    paymentStatus: (PAYMENT_STATUSES as readonly string[]).includes(paymentStatus) ? (paymentStatus as PaymentStatus) : '',
    ticketId: positive(params.get('ticketId')),
    team: (params.get('team') ?? '').trim().slice(0, 100),
    page: positive(params.get('page')) ?? 1,
    pageSize:
      pageSize && (REGISTRATION_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_REGISTRATION_PAGE_SIZE,
  };
}

/**
 * The URL for a change of filters: defaults are left out, and any change but the page itself
 * goes back to page 1 (page 7 of another search means nothing). Another event drops the ticket
 * type and the team, which belong to one event.
 */
export function paramsWith(current: RegistrationFilters, change: Partial<RegistrationFilters>): URLSearchParams {
  const otherEvent = 'eventId' in change && change.eventId !== current.eventId && !('ticketId' in change);
  const next = { ...current, ...change, ...(otherEvent ? { ticketId: null, team: '' } : {}), page: change.page ?? 1 };
  const params = new URLSearchParams();
  if (next.search) params.set('search', next.search);
  if (next.eventId) params.set('eventId', String(next.eventId));
  if (next.status) params.set('status', next.status);
  if (next.paymentStatus) params.set('paymentStatus', next.paymentStatus);
  if (next.ticketId) params.set('ticketId', String(next.ticketId));
  if (next.team) params.set('team', next.team);
  if (next.page > 1) params.set('page', String(next.page));
  if (next.pageSize !== DEFAULT_REGISTRATION_PAGE_SIZE) params.set('pageSize', String(next.pageSize));
  return params;
}

/** The export link: the same filters, every page. */
export function exportHref(filters: RegistrationFilters): string {
  const params = paramsWith(filters, {});
  params.delete('page');
  params.delete('pageSize');
  const query = params.toString();
  return `/api/admin/registrations/export.csv${query ? `?${query}` : ''}`;
}
