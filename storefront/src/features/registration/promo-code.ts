// What became of the promo code the buyer applied (issue 25), from the quote priced with it: nothing
// to say while it is applied or still being checked; its refusal's message (a key of the
// validation catalogue, with its values) when the quote refused it; 'unchecked' when the quote
// with it failed, so the code is not left pending for ever.
import type { OrderQuoteResponse } from '@tdk/api/contract';
import { isApiError } from '@tdk/shared-ui';

export type PromoCodeProblem = { kind: 'refused'; message: string } | { kind: 'unchecked' };

export function promoCodeProblem(
  promoCode: string | null,
  quote: Pick<OrderQuoteResponse, 'promo'> | null,
  codeError: unknown,
): PromoCodeProblem | null {
  if (promoCode === null) return null;
  const promo = quote?.promo;
  if (promo && !promo.applied) return { kind: 'refused', message: promo.message };
  if (!codeError) return null;
  // Too many wrong codes from here, or the code itself named by a refusal: the server's words.
  const named = isApiError(codeError)
    ? (codeError.fields?.promoCode ?? (codeError.status === 429 ? codeError.message : null))
    : null;
  return named ? { kind: 'refused', message: named } : { kind: 'unchecked' };
}
