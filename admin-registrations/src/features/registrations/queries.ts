import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  NameCorrectionInput,
  OfflineRefundRequestInput,
  RefundRequestInput,
  Registration,
  RegistrationFlagsInput,
  UpdateRegistrationInput,
} from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';
import { useAdminEventOptions } from '@tdk/shared-ui/admin';
import { otherAttendees } from './attendee';
import type { RegistrationFilters } from './filters';

/** GET /api/admin/registrations: a page of the list, filtered and searched on the server. */
export function useRegistrationsPage(filters: RegistrationFilters) {
  const client = useApiClient();
  const query = {
    search: filters.search || undefined,
    eventId: filters.eventId ?? undefined,
    status: filters.status || undefined,
    paymentStatus: filters.paymentStatus || undefined,
    ticketId: filters.ticketId ?? undefined,
    team: filters.team || undefined,
    page: filters.page,
    pageSize: filters.pageSize,
  };
  return useQuery({
    queryKey: queryKeys.admin.registrations.list(query),
    queryFn: ({ signal }) => callApi(client.api.admin.registrations.$get({ query }, { init: { signal } })),
    // The table keeps the previous page while the next loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/registrations/stats: the four figures. */
export function useRegistrationStats() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.registrations.stats,
    queryFn: ({ signal }) => callApi(client.api.admin.registrations.stats.$get({ query: {} }, { init: { signal } })),
  });
}

/** GET /api/admin/events/options, for the event filter. */
export function useEventOptions() {
  return useAdminEventOptions((events) => events.map((event) => ({ id: event.id, title: event.title })));
}

/** The most ticket types one event is expected to have; the API's largest page. */
const TICKET_TYPES_PAGE = 100;

/**
 * The ticket types of the chosen event, for the ticket-type filter, expired and inactive ones too
 * (their attendees are still listed): GET /api/admin/tickets?eventId={id}.
 */
export function useEventTicketTypes(eventId: number | null) {
  const client = useApiClient();
  const query = { eventId: eventId ?? undefined, showExpired: 'true' as const, pageSize: TICKET_TYPES_PAGE };
  return useQuery({
    queryKey: queryKeys.admin.tickets.list(query),
    queryFn: ({ signal }) => callApi(client.api.admin.tickets.$get({ query }, { init: { signal } })),
    enabled: eventId !== null,
    select: (page) =>
      page.tickets.map((ticket) => ({ id: ticket.id, name: ticket.name })).sort((a, b) => a.name.localeCompare(b.name)),
  });
}

// shared-ui's query-keys.ts has no key for one order or one staff event yet: these sit under the
// resource they belong to, so a change to an attendee (registrations) or an event refreshes them.

/** GET /api/admin/orders/:orderId: a booking with its attendees, lines and the messages sent. */
export function useOrder(orderId: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.registrations.order(orderId ?? ''),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.orders[':orderId'].$get({ param: { orderId: orderId ?? '' } }, { init: { signal } })),
    enabled: orderId !== null,
  });
}

/** GET /api/admin/events/:id: the event, for its questions. */
export function useAdminEvent(eventId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.detail(eventId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.events[':id'].$get({ param: { id: String(eventId) } }, { init: { signal } })),
    enabled: eventId !== null,
    select: (answer) => answer.event,
  });
}

/**
 * The other attendees of a registration's order: GET /api/admin/registrations?search={booking
 * reference} (registration numbers are searched with contains, so the reference finds them all).
 */
export function useOrderAttendees(registration: Registration | null) {
  const client = useApiClient();
  const query = { search: registration?.bookingReference ?? '', pageSize: 100 };
  return useQuery({
    queryKey: queryKeys.admin.registrations.list(query),
    queryFn: ({ signal }) => callApi(client.api.admin.registrations.$get({ query }, { init: { signal } })),
    enabled: registration !== null && registration.orderSize > 1 && query.search.length >= 3,
    select: (page) => (registration ? otherAttendees(page.registrations, registration) : []),
  });
}

/** PUT /api/admin/registrations/:id: the Edit Registration form. */
export function useUpdateRegistration() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateRegistrationInput }) =>
      callApi(client.api.admin.registrations[':id'].$put({ param: { id: String(id) }, json: input })),
    invalidates: 'registrations',
  });
}

/** PATCH /api/admin/registrations/:id: ticketDownloaded, whatsappSent or emailSent. */
export function useSetRegistrationFlags() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, flags }: { id: number; flags: RegistrationFlagsInput }) =>
      callApi(client.api.admin.registrations[':id'].$patch({ param: { id: String(id) }, json: flags })),
    invalidates: 'registrations',
  });
}

/**
 * POST /api/send-ticket-email: the platform e-mails the booking's tickets (with their link) through
 * its outbox, and the registration records that it was queued.
 */
export function useSendTicketEmail() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (registrationNumber: string) => callApi(client.api['send-ticket-email'].$post({ json: { registrationNumber } })),
    invalidates: 'registrations',
  });
}

/** DELETE /api/admin/registrations/:id. */
export function useDeleteRegistration() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (id: number) => callApi(client.api.admin.registrations[':id'].$delete({ param: { id: String(id) } })),
    invalidates: 'registrations',
  });
}

/**
 * POST /api/admin/orders/:orderId/refunds: refund attendees (or the whole booking), in full or in
 * part. The booking and the list refresh (the order's key sits under registrations).
 */
export function useRefundOrder() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: RefundRequestInput }) =>
      callApi(client.api.admin.orders[':orderId'].refunds.$post({ param: { orderId }, json: input })),
    invalidates: 'registrations',
  });
}

/**
 * POST /api/admin/registrations/:id/offline-refund (decision 045): an attendee paid offline was
 * given their money back; recorded without the payment provider.
 */
export function useRecordOfflineRefund() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, input }: { id: number; input: OfflineRefundRequestInput }) =>
      callApi(client.api.admin.registrations[':id']['offline-refund'].$post({ param: { id: String(id) }, json: input })),
    invalidates: 'registrations',
  });
}

/** GET /api/admin/tickets/:id: the attendee's race's start waves (decision 068); [] when it has none. */
export function useRaceWaves(ticketId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.tickets.detail(ticketId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.tickets[':id'].$get({ param: { id: String(ticketId) } }, { init: { signal } })),
    enabled: ticketId !== null,
    select: (answer) => answer.ticket.waves ?? [],
  });
}

/** PUT /api/admin/registrations/:id/wave (decision 068): staff put an attendee in a wave by hand, or clear it (null). */
export function useSetWave() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, wave }: { id: number; wave: string | null }) =>
      callApi(client.api.admin.registrations[':id'].wave.$put({ param: { id: String(id) }, json: { wave } })),
    invalidates: 'registrations',
  });
}

/** PATCH /api/admin/registrations/:id/name (decision 047): support corrects a caller's misspelt name. */
export function useCorrectName() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, input }: { id: number; input: NameCorrectionInput }) =>
      callApi(client.api.admin.registrations[':id'].name.$patch({ param: { id: String(id) }, json: input })),
    invalidates: 'registrations',
  });
}

/**
 * POST /api/admin/registrations/:id/cancel (decision 047): an attendee cancelled for a caller under
 * the event's own cancellation rules (the refund less its fee).
 */
export function useCancelForCaller() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (id: number) => callApi(client.api.admin.registrations[':id'].cancel.$post({ param: { id: String(id) } })),
    invalidates: 'registrations',
  });
}
