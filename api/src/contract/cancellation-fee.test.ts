// The fee a buyer's own cancellation keeps (decision 023): a percentage of the price, rounded down
// to the paisa, so the buyer never pays more than the percentage they were shown.
import { describe, expect, it } from 'vitest';
import { cancellationFeePaise } from './my-bookings';

describe('cancellationFeePaise', () => {
  it('keeps the percentage of the price and refunds the rest, the odd fraction of a paisa to the buyer', () => {
    expect(cancellationFeePaise(49_950, 7)).toEqual({ feePaise: 3_496, refundPaise: 46_454 }); // 3,496.5 paise
    expect(cancellationFeePaise(99_999, 10)).toEqual({ feePaise: 9_999, refundPaise: 90_000 }); // 9,999.9 paise
    expect(cancellationFeePaise(50_000, 10)).toEqual({ feePaise: 5_000, refundPaise: 45_000 });
  });

  it('refunds everything at 0% and nothing at 100%; a free ticket has neither', () => {
    expect(cancellationFeePaise(49_950, 0)).toEqual({ feePaise: 0, refundPaise: 49_950 });
    expect(cancellationFeePaise(49_950, 100)).toEqual({ feePaise: 49_950, refundPaise: 0 });
    expect(cancellationFeePaise(0, 25)).toEqual({ feePaise: 0, refundPaise: 0 });
  });
});
