import { describe, expect, it } from 'vitest';
import { searchedPhoneDigits, searchedReference } from './search-text';

describe('a search for a phone', () => {
  it('reads the digits of a search written like a phone number', () => {
    expect(searchedPhoneDigits('98765 43210')).toBe('9876543210');
    expect(searchedPhoneDigits('+91-98765')).toBe('9198765');
    expect(searchedPhoneDigits('(022) 2345')).toBe('0222345');
  });

  it('reads no phone in a ticket number, a name or an e-mail that hold digits', () => {
    expect(searchedPhoneDigits('REGMWUQUJHETW5X01')).toBe('');
    expect(searchedPhoneDigits('asha2024@example.com')).toBe('');
  });
});

describe('searchedReference', () => {
  it('reads a booking reference or ticket number in any case, and nothing else', () => {
    expect(searchedReference(' regmk3f2a1 ')).toBe('REGMK3F2A1');
    expect(searchedReference('REGMK3F2A101')).toBe('REGMK3F2A101');
    expect(searchedReference('Regina Das')).toBe('');
    expect(searchedReference('REG-123')).toBe('');
    expect(searchedReference('asha@example.com')).toBe('');
  });
});
