import { describe, expect, it } from 'vitest';
import { formatIndianPhone, normalizeIndianPhone } from './phone';

describe('Indian phone numbers', () => {
  it.each([
    ['+91 98765 43210', '+919876543210'],
    ['098765 43210', '+919876543210'],
    ['98765-43210', '+919876543210'],
    ['9876543210', '+919876543210'],
    ['91 9876543210', '+919876543210'],
    ['0091 98765 43210', '+919876543210'],
    ['(022) 2345 6789', '+912223456789'],
  ])('reads %s as %s', (typed, e164) => {
    expect(normalizeIndianPhone(typed)).toBe(e164);
  });

  it.each(['', '12345', '98765 4321', '+1 415 555 0100', '0000000000', 'call me', '+91 98765 432101', '9876543210x'])(
    'refuses %j',
    (typed) => {
      expect(normalizeIndianPhone(typed)).toBeUndefined();
    },
  );

  it('formats E.164 for reading', () => {
    expect(formatIndianPhone('+919876543210')).toBe('+91 98765 43210');
    expect(formatIndianPhone('9876')).toBe('9876');
  });
});
