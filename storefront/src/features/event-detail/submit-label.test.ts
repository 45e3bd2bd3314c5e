import { describe, expect, it } from 'vitest';
import { submitLabelFor } from './submit-label';

describe('submitLabelFor', () => {
  it('names the amount of paid tickets', () => {
    expect(submitLabelFor({ count: 2, total: 998, startingPrice: 499 })).toBe('Pay ₹998');
  });

  it('says Register for free tickets, even at an event that also sells paid ones', () => {
    expect(submitLabelFor({ count: 1, total: 0, startingPrice: 0 })).toBe('Register');
    expect(submitLabelFor({ count: 1, total: 0, startingPrice: 299 })).toBe('Register');
  });

  it("follows the event's starting price before a ticket is chosen", () => {
    expect(submitLabelFor({ count: 0, total: 0, startingPrice: 0 })).toBe('Register');
    expect(submitLabelFor({ count: 0, total: 0, startingPrice: 299 })).toBe('Proceed to Payment');
  });
});
