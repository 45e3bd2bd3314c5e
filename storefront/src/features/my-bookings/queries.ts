import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingsLinkRequest,
  BuyerSessionResponse,
  ChangeAttendeeBody,
  DataRequestView,
  MyBookingsResponse,
  PersonalDataExport,
  TransferAttendeeBody,
} from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient, type ApiError } from '@tdk/shared-ui';

/** GET /api/bookings: the signed-in buyer's orders; a 401 means no buyer session (the page asks for a link). */
export function useMyBookings() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.public.bookings,
    queryFn: async ({ signal }): Promise<MyBookingsResponse> =>
      (await callApi(client.api.bookings.$get({}, { init: { signal } }))) as unknown as MyBookingsResponse,
    retry: false,
    staleTime: 30_000,
  });
}

/** POST /api/bookings/link: the same answer whether or not the e-mail has bookings. */
export function useRequestBookingsLink() {
  const client = useApiClient();
  return useMutation<unknown, ApiError, BookingsLinkRequest>({
    mutationFn: (json) => callApi(client.api.bookings.link.$post({ json })),
  });
}

/** POST /api/bookings/session: spends the mailed link's token; the answer sets the buyer's cookie. */
export function useOpenBookingsSession() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<BuyerSessionResponse, ApiError, string>({
    mutationFn: async (token) => (await callApi(client.api.bookings.session.$post({ json: { token } }))) as BuyerSessionResponse,
    onSuccess: () => queryClient.removeQueries({ queryKey: queryKeys.public.bookings }),
  });
}

/** DELETE /api/bookings/session: forgets the buyer's session on this browser. */
export function useCloseBookingsSession() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, void>({
    mutationFn: () => callApi(client.api.bookings.session.$delete()),
    onSuccess: () => queryClient.resetQueries({ queryKey: queryKeys.public.bookings }),
  });
}

type AttendeeChange =
  | { mode: 'change'; ticketNumber: string; body: ChangeAttendeeBody }
  | { mode: 'transfer'; ticketNumber: string; body: TransferAttendeeBody };

/** PUT …/attendees/:ticketNumber or POST …/transfer; the answer is the bookings as they now are. */
export function useChangeAttendee() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<MyBookingsResponse, ApiError, AttendeeChange>({
    mutationFn: async (change) => {
      const param = { ticketNumber: change.ticketNumber };
      const attendee = client.api.bookings.attendees[':ticketNumber'];
      const answer =
        change.mode === 'change'
          ? await callApi(attendee.$put({ param, json: change.body }))
          : await callApi(attendee.transfer.$post({ param, json: change.body }));
      return answer as unknown as MyBookingsResponse;
    },
    onSuccess: (bookings) => queryClient.setQueryData(queryKeys.public.bookings, bookings),
  });
}

/** POST …/attendees/:ticketNumber/cancel: cancelled for a refund less the event's fee; the answer is the bookings as they now are. */
export function useCancelAttendee() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<MyBookingsResponse, ApiError, string>({
    mutationFn: async (ticketNumber) =>
      (await callApi(
        client.api.bookings.attendees[':ticketNumber'].cancel.$post({ param: { ticketNumber } }),
      )) as unknown as MyBookingsResponse,
    onSuccess: (bookings) => queryClient.setQueryData(queryKeys.public.bookings, bookings),
  });
}

/**
 * Decision 071: POST …/attendees/:ticketNumber/swap { ticketTypeId } (another race of the event), or
 * …/defer (a credit with the organiser); the answer is the bookings as they now are.
 */
export function useRaceChange() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<MyBookingsResponse, ApiError, { ticketNumber: string; ticketTypeId: number | null }>({
    mutationFn: async ({ ticketNumber, ticketTypeId }) => {
      const attendee = client.api.bookings.attendees[':ticketNumber'];
      const param = { ticketNumber };
      const answer =
        ticketTypeId === null
          ? await callApi(attendee.defer.$post({ param }))
          : await callApi(attendee.swap.$post({ param, json: { ticketTypeId } }));
      return answer as unknown as MyBookingsResponse;
    },
    onSuccess: (bookings) => queryClient.setQueryData(queryKeys.public.bookings, bookings),
  });
}

/**
 * POST …/attendees/:ticketNumber/kit-authorisation with the collector's name, or DELETE to withdraw
 * it (decision 069); the answer is the bookings as they now are.
 */
export function useKitAuthorisation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<MyBookingsResponse, ApiError, { ticketNumber: string; collectorName: string | null }>({
    mutationFn: async ({ ticketNumber, collectorName }) => {
      const authorisation = client.api.bookings.attendees[':ticketNumber']['kit-authorisation'];
      const param = { ticketNumber };
      const answer =
        collectorName === null
          ? await callApi(authorisation.$delete({ param }))
          : await callApi(authorisation.$post({ param, json: { collectorName } }));
      return answer as unknown as MyBookingsResponse;
    },
    onSuccess: (bookings) => queryClient.setQueryData(queryKeys.public.bookings, bookings),
  });
}

/** GET /api/bookings/erasure: the buyer's latest erasure request, or null (decision 030). */
export function useErasureRequest() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.public.erasureRequest,
    queryFn: async ({ signal }) =>
      ((await callApi(client.api.bookings.erasure.$get({}, { init: { signal } }))) as { request: DataRequestView | null })
        .request,
    retry: false,
  });
}

/** POST /api/bookings/erasure: asks staff to erase everything held about the buyer's bookings. */
export function useRequestErasure() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<DataRequestView, ApiError, void>({
    mutationFn: async () => ((await callApi(client.api.bookings.erasure.$post())) as { request: DataRequestView }).request,
    onSuccess: (request) => queryClient.setQueryData(queryKeys.public.erasureRequest, request),
  });
}

/** GET /api/bookings/data: everything held about the buyer's bookings, as the file they download. */
export function useDownloadMyData() {
  const client = useApiClient();
  return useMutation<PersonalDataExport, ApiError, void>({
    mutationFn: async () => (await callApi(client.api.bookings.data.$get())) as PersonalDataExport,
  });
}
