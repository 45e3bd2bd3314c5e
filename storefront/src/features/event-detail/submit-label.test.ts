import { describe, expect, it } from 'vitest';
import { formatsFor, loadLanguage, translator } from '@tdk/shared-ui';
import { submitLabelFor } from './submit-label';
import '../i18n';

const t = translator('en', 'storefront');
const en = formatsFor('en');

describe('submitLabelFor', () => {
  it('names the amount of paid tickets', () => {
    expect(submitLabelFor({ count: 2, total: 998, startingPrice: 499 }, t, en)).toBe('Pay ₹998');
  });

  it('says Register for free tickets, even at an event that also sells paid ones', () => {
    expect(submitLabelFor({ count: 1, total: 0, startingPrice: 0 }, t, en)).toBe('Register');
    expect(submitLabelFor({ count: 1, total: 0, startingPrice: 299 }, t, en)).toBe('Register');
  });

  it("follows the event's starting price before a ticket is chosen", () => {
    expect(submitLabelFor({ count: 0, total: 0, startingPrice: 0 }, t, en)).toBe('Register');
    expect(submitLabelFor({ count: 0, total: 0, startingPrice: 299 }, t, en)).toBe('Proceed to Payment');
  });
});

it('names the amount in Hindi and Marathi, with Indian grouping', async () => {
  await Promise.all([loadLanguage('hi'), loadLanguage('mr')]);
  const line = { count: 2, total: 125000, startingPrice: 499 };
  expect(submitLabelFor(line, translator('hi', 'storefront'), formatsFor('hi'))).toBe('₹1,25,000 का भुगतान करें');
  expect(submitLabelFor(line, translator('mr', 'storefront'), formatsFor('mr'))).toBe('₹1,25,000 भरा');
});
