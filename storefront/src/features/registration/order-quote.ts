// The Booking Summary's prices from the server (decision 031): POST /api/orders/quote prices the
// attendees chosen with the very function create-order charges by (group discounts, GST inside the
// price), so the browser never computes a discount or a tax. Asked once the choice has stayed
// still a moment; while a new answer loads the last one (or the listed total) stays on screen. A
// promo code the buyer applies is sent with it: the answer says what it takes off, or why not.
import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderQuoteResponse } from '@tdk/api/contract';
import { callApi, queryKeys, useApiClient } from '@tdk/shared-ui';
import type { AttendeeSlot } from './attendee-slots';

/** How long the choice must stay still before it is priced. */
export const QUOTE_DEBOUNCE_MS = 300;

export interface QuoteAttendee {
  ticketId: number;
  team?: string;
}

/** The quote's attendees: one per slot, in form order, a team's members by the team's own key. */
export const quoteAttendees = (slots: readonly Pick<AttendeeSlot, 'ticket' | 'team'>[]): QuoteAttendee[] =>
  slots.map((slot) => ({ ticketId: slot.ticket.id, ...(slot.team ? { team: slot.team.key } : {}) }));

const sameAttendees = (a: readonly QuoteAttendee[], b: readonly QuoteAttendee[]) =>
  a.length === b.length && a.every((x, i) => x.ticketId === b[i]!.ticketId && (x.team ?? null) === (b[i]!.team ?? null));

/** Codes are matched whatever their case (decision 033), and cached so (queryKeys.public.quote). */
const sameCode = (a: string | null, b: string | null) => (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/** The value, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number, same: (a: T, b: T) => boolean): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (same(settled, value)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms, same]);
  return settled;
}

/**
 * The server's quote for these attendees and the promo code tried (null: none): `quote` only when
 * it prices exactly the attendees now chosen with that code (so a total shown or sent is never
 * another choice's), `null` while none does — loading, failed or nothing chosen — and the page
 * shows its listed total. `checking` while a code's answer is awaited; `codeError` when the quote
 * with a code failed (not a refusal of the code: that is `quote.promo`).
 */
export function useOrderQuote(
  eventId: number | undefined,
  slots: readonly Pick<AttendeeSlot, 'ticket' | 'team'>[],
  promoCode: string | null = null,
  /** The buyer's e-mail when the code was applied, so its limit per e-mail is checked for them. */
  buyerEmail?: string,
) {
  const client = useApiClient();
  const attendees = useMemo(() => quoteAttendees(slots), [slots]);
  const settled = useSettled(attendees, QUOTE_DEBOUNCE_MS, sameAttendees);
  const query = useQuery({
    queryKey: queryKeys.public.quote(eventId ?? 0, settled, promoCode ?? undefined),
    queryFn: async ({ signal }) => ({
      attendees: settled,
      promoCode,
      quote: (await callApi(
        client.api.orders.quote.$post(
          {
            json: {
              eventId: eventId!,
              attendees: settled,
              // Left out of the JSON when undefined.
              promoCode: promoCode ?? undefined,
              ...(promoCode && buyerEmail ? { buyerEmail } : {}),
            },
          },
          { init: { signal } },
        ),
      )) as OrderQuoteResponse,
    }),
    enabled: eventId !== undefined && settled.length > 0,
    // A failed quote is not an error on the page: the listed total stays.
    retry: false,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const answer = query.data;
  const chosen = attendees.length > 0;
  const current =
    answer && !query.isPlaceholderData && sameCode(answer.promoCode, promoCode) && sameAttendees(answer.attendees, attendees)
      ? answer.quote
      : null;
  return {
    quote: chosen ? current : null,
    checking: chosen && promoCode !== null && current === null && !query.isError,
    codeError: chosen && promoCode !== null && query.isError && !query.isFetching ? query.error : null,
  };
}
