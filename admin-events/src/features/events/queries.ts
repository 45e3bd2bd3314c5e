import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelEventInput,
  GroupDiscountInput,
  PromoCodeValues,
  PostponeEventInput,
  WaitingRoomSettingsInput,
  EventSortKey,
  SortDirection,
  eventInputSchema,
  updateEventSchema,
} from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient, useApiMutation } from '@tdk/shared-ui';
import { narrowerCopies } from './image-copies';

/** GET /api/admin/events: a page of every event, drafts included, searched and sorted on the server. */
export function useAdminEvents(query: { search: string; sort: EventSortKey; direction: SortDirection; page: number }) {
  const client = useApiClient();
  const params = {
    search: query.search || undefined,
    sort: query.sort,
    direction: query.direction,
    page: query.page,
  };
  return useQuery({
    queryKey: queryKeys.admin.events.list(params),
    queryFn: ({ signal }) => callApi(client.api.admin.events.$get({ query: params }, { init: { signal } })),
    // The rows shown stay while the next page or order loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });
}

/** What the event form sends: the contract's schema as it judged the form (defaults filled in). */
export type EventPayload = (typeof eventInputSchema)['_output'];
type UpdateEventPayload = (typeof updateEventSchema)['_output'];

/**
 * GET /api/admin/tickets?eventId: the event's ticket types, expired ones included, for the
 * questions' "Ask of" (an event has far fewer than the 100 of one page). None for a new event.
 */
export function useEventTicketTypes(eventId: number | undefined) {
  const client = useApiClient();
  const query = { eventId: eventId ?? 0, showExpired: 'true' as const, pageSize: 100 };
  return useQuery({
    queryKey: queryKeys.admin.tickets.list(query),
    queryFn: ({ signal }) => callApi(client.api.admin.tickets.$get({ query }, { init: { signal } })),
    select: (page) => page.tickets.map((ticket) => ({ id: ticket.id, name: ticket.name })),
    enabled: eventId !== undefined,
  });
}

/** What deleting an event would remove: its paid registrations and their amount. */
export function useEventImpact(eventId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...queryKeys.admin.registrations.all, 'impact', eventId],
    queryFn: ({ signal }) =>
      callApi(client.api.admin.registrations.stats.$get({ query: { eventId: eventId! } }, { init: { signal } })),
    enabled: eventId !== null,
  });
}

export function useCreateEvent() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (input: EventPayload) => callApi(client.api.admin.events.$post({ json: input })),
    invalidates: 'events',
  });
}

export function useUpdateEvent() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateEventPayload }) =>
      callApi(client.api.admin.events[':id'].$put({ param: { id: String(id) }, json: input })),
    invalidates: 'events',
  });
}

/** GET /api/admin/events/:id/cancellation: refunds' progress, polled while refunds are on their way. */
export function useEventCancellation(eventId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.cancellation(eventId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.events[':id'].cancellation.$get({ param: { id: String(eventId) } }, { init: { signal } })),
    enabled: eventId !== null,
    refetchInterval: (query) => {
      const c = query.state.data?.cancellation;
      return c && c.toRefund + c.refunding > 0 ? 2000 : false;
    },
  });
}

/** POST /api/admin/events/:id/cancel (decision 025): Cancelled, and every paid order refunded by the job. */
export function useCancelEvent() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, input }: { id: number; input: CancelEventInput }) =>
      callApi(client.api.admin.events[':id'].cancel.$post({ param: { id: String(id) }, json: input })),
    invalidates: 'events',
  });
}

/** POST /api/admin/events/:id/postpone: a new date, buyers e-mailed, a full-refund deadline (decision 025). */
export function usePostponeEvent() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ id, input }: { id: number; input: PostponeEventInput }) =>
      callApi(client.api.admin.events[':id'].postpone.$post({ param: { id: String(id) }, json: input })),
    invalidates: 'events',
  });
}

/** POST …/cancellation/refunds/:refundId/retry: a failed refund asked for again. */
export function useRetryCancellationRefund() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: ({ eventId, refundId }: { eventId: number; refundId: number }) =>
      callApi(
        client.api.admin.events[':id'].cancellation.refunds[':refundId'].retry.$post({
          param: { id: String(eventId), refundId: String(refundId) },
        }),
      ),
    invalidates: 'events',
  });
}

export function useDeleteEvent() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (id: number) => callApi(client.api.admin.events[':id'].$delete({ param: { id: String(id) } })),
    invalidates: 'events',
  });
}

/**
 * POST /api/admin/uploads/images: the picked file, checked by the server; its URL. Then its
 * narrower copies for the storefront's srcset, best effort: a copy that fails is served as the
 * image itself, so it never holds up saving the event.
 */
export function useUploadImage() {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: async (image: File) => {
      const uploaded = await callApi(client.api.admin.uploads.images.$post({ form: { image } }));
      try {
        for (const { width, blob } of await narrowerCopies(image)) {
          const copy = new File([blob], image.name, { type: blob.type });
          await callApi(client.api.admin.uploads.images.$post({ form: { image: copy, variantOf: uploaded.url, width } }));
        }
      } catch {
        // The full-size image is enough to show; copies only make cards lighter.
      }
      return uploaded;
    },
    invalidates: [],
  });
}

/** GET /api/admin/events/:id/waiting-room, refreshed every few seconds while open (live figures). */
export function useWaitingRoom(eventId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.waitingRoom(eventId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.events[':id']['waiting-room'].$get({ param: { id: String(eventId) } }, { init: { signal } })),
    enabled: eventId !== null,
    refetchInterval: 3_000,
  });
}

/** PUT the room's settings; POST pause or resume. Each answers the room's new view. */
export function useSteerWaitingRoom(eventId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const key = queryKeys.admin.events.waitingRoom(eventId);
  const param = { id: String(eventId) };
  const room = client.api.admin.events[':id']['waiting-room'];
  return {
    save: useApiMutation({
      mutationFn: (input: WaitingRoomSettingsInput) => callApi(room.$put({ param, json: input })),
      invalidates: 'events',
      onSuccess: (view) => queryClient.setQueryData(key, view),
    }),
    pause: useApiMutation({
      mutationFn: (paused: boolean) => callApi(paused ? room.pause.$post({ param }) : room.resume.$post({ param })),
      invalidates: 'events',
      onSuccess: (view) => queryClient.setQueryData(key, view),
    }),
  };
}

/** GET /api/admin/events/:id/group-discounts: every staff role reads them (decision 031). */
export function useGroupDiscounts(eventId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.groupDiscounts(eventId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.events[':id']['group-discounts'].$get({ param: { id: String(eventId) } }, { init: { signal } })),
    enabled: eventId !== null,
    select: (answer) => answer.groupDiscounts,
  });
}

/** Managers add a group discount, or change one (disabling is a change of `active`). */
export function useSaveGroupDiscount(eventId: number) {
  const client = useApiClient();
  const discounts = client.api.admin.events[':id']['group-discounts'];
  return useApiMutation({
    mutationFn: ({ id, input }: { id: number | null; input: Required<GroupDiscountInput> }) =>
      callApi(
        id === null
          ? discounts.$post({ param: { id: String(eventId) }, json: input })
          : discounts[':discountId'].$put({ param: { id: String(eventId), discountId: String(id) }, json: input }),
      ),
    // Under the events' keys: the list of discounts follows.
    invalidates: 'events',
  });
}

/** GET /api/admin/events/:id/promo-codes: every staff role reads them, with uses and revenue (decision 033). */
export function usePromoCodes(eventId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.promoCodes(eventId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.events[':id']['promo-codes'].$get({ param: { id: String(eventId) } }, { init: { signal } })),
    enabled: eventId !== null,
    select: (answer) => answer.promoCodes,
  });
}

/** Managers create a promo code (decision 033). */
export function useCreatePromoCode(eventId: number) {
  const client = useApiClient();
  return useApiMutation({
    mutationFn: (input: PromoCodeValues) =>
      callApi(client.api.admin.events[':id']['promo-codes'].$post({ param: { id: String(eventId) }, json: input })),
    // Under the events' keys: the list of codes follows.
    invalidates: 'events',
  });
}

/** Managers disable a code (refused from then on; orders that used it keep it) or enable it again. */
export function useSetPromoCodeActive(eventId: number) {
  const client = useApiClient();
  const code = client.api.admin.events[':id']['promo-codes'][':codeId'];
  return useApiMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => {
      const param = { id: String(eventId), codeId: String(id) };
      return callApi(active ? code.enable.$post({ param }) : code.disable.$post({ param }));
    },
    invalidates: 'events',
  });
}

/** GET /api/admin/events/:id/check-in-lists: entry, kit and the organiser's lists (decision 065). */
export function useEventCheckInLists(eventId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.checkInLists(eventId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.events[':id']['check-in-lists'].$get({ param: { id: String(eventId) } }, { init: { signal } })),
    enabled: eventId !== null,
    select: (answer) => answer.lists,
  });
}

/** GET /api/admin/events/:id/check-in-counts: admitted per list and gate, live while the dialog is open. */
export function useEventCheckInCounts(eventId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.admin.events.checkInCounts(eventId ?? 0),
    queryFn: ({ signal }) =>
      callApi(client.api.admin.events[':id']['check-in-counts'].$get({ param: { id: String(eventId) } }, { init: { signal } })),
    enabled: eventId !== null,
    refetchInterval: 15_000,
  });
}

/** Managers add a check-in list, or delete one nobody was admitted to (decision 065). */
export function useCheckInListChanges(eventId: number) {
  const client = useApiClient();
  const lists = client.api.admin.events[':id']['check-in-lists'];
  return {
    add: useApiMutation({
      mutationFn: (input: { name: string; ticketTypeIds: number[] }) =>
        callApi(lists.$post({ param: { id: String(eventId) }, json: input })),
      invalidates: 'events',
    }),
    remove: useApiMutation({
      mutationFn: (listId: string) => callApi(lists[':listId'].$delete({ param: { id: String(eventId), listId } })),
      invalidates: 'events',
    }),
  };
}
