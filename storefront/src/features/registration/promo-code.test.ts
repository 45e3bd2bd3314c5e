import { describe, expect, it } from 'vitest';
import { ApiError } from '@tdk/shared-ui';
import { promoCodeProblem } from './promo-code';

describe('promoCodeProblem', () => {
  it('has nothing to say without a code, while the code is checked, or once it is applied', () => {
    expect(promoCodeProblem(null, { promo: null }, null)).toBeNull();
    expect(promoCodeProblem('EARLY10', null, null)).toBeNull();
    expect(promoCodeProblem('EARLY10', { promo: { code: 'EARLY10', applied: true, discountPaise: 12000 } }, null)).toBeNull();
  });

  it("gives the quote's refusal of the code, as its message key with values", () => {
    expect(
      promoCodeProblem(
        'club',
        {
          promo: {
            code: 'club',
            applied: false,
            reason: 'usesLeft',
            message: 'validation.promoUsesLeft?count=2',
            discountPaise: 0,
          },
        },
        null,
      ),
    ).toEqual({ kind: 'refused', message: 'validation.promoUsesLeft?count=2' });
  });

  it("takes the server's words for too many wrong codes, and says a failed check as such", () => {
    const tooMany = new ApiError(429, 'rate_limited', 'validation.promoTooManyTries?minutes=10');
    expect(promoCodeProblem('GUESS', null, tooMany)).toEqual({
      kind: 'refused',
      message: 'validation.promoTooManyTries?minutes=10',
    });
    const named = new ApiError(400, 'validation_error', 'Invalid', { promoCode: 'validation.promoUnknown' });
    expect(promoCodeProblem('GUESS', null, named)).toEqual({ kind: 'refused', message: 'validation.promoUnknown' });
    const down = new ApiError(503, 'unavailable', 'Service unavailable');
    expect(promoCodeProblem('GUESS', null, down)).toEqual({ kind: 'unchecked' });
    expect(promoCodeProblem(null, null, down)).toBeNull();
  });
});
