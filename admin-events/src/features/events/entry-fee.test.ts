import { describe, expect, it } from 'vitest';
import { entryFee } from './entry-fee';

describe("an event's entry fee in its details", () => {
  it("is the prices of its tickets on sale, never the event's base price standing in", () => {
    expect(entryFee({ price: 0, startingPrice: 799, highestPrice: 1499 })).toBe('₹799 to ₹1,499');
    expect(entryFee({ price: 0, startingPrice: 500, highestPrice: 500 })).toBe('₹500');
    expect(entryFee({ price: 0, startingPrice: 0, highestPrice: 300 })).toBe('Free to ₹300');
    expect(entryFee({ price: 0, startingPrice: 0, highestPrice: 0 })).toBe('Free');
    expect(entryFee({ price: 999, startingPrice: null, highestPrice: null })).toBe('₹999 (no ticket on sale)');
    expect(entryFee({ price: 0, startingPrice: null, highestPrice: null })).toBe('No ticket on sale');
  });
});
