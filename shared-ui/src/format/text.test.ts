import { describe, expect, it } from 'vitest';
import { cityFromVenue, initials, pluralize } from './text';

describe('cityFromVenue', () => {
  it('takes the last comma-separated segment, trimmed', () => {
    expect(cityFromVenue('Wankhede Stadium, Churchgate, Mumbai')).toBe('Mumbai');
    expect(cityFromVenue('Jawaharlal Nehru Stadium,New Delhi ')).toBe('New Delhi');
    expect(cityFromVenue('Online')).toBe('Online');
    expect(cityFromVenue('Cubbon Park, Bangalore, ')).toBe('Bangalore');
  });

  it('gives Unknown when there is nothing to take', () => {
    expect(cityFromVenue('')).toBe('Unknown');
    expect(cityFromVenue('  ,  ')).toBe('Unknown');
    expect(cityFromVenue(null)).toBe('Unknown');
    expect(cityFromVenue(undefined)).toBe('Unknown');
  });
});

describe('initials', () => {
  it('takes the first and last word', () => {
    expect(initials('Priya Sharma')).toBe('PS');
    expect(initials('ravi k. menon')).toBe('RM');
    expect(initials('Asha')).toBe('A');
    expect(initials('  Arjun   Rao  ')).toBe('AR');
    expect(initials('(Dr.) Asha Rao')).toBe('DR');
  });

  it('gives "" for nothing usable', () => {
    expect(initials('')).toBe('');
    expect(initials('  - ')).toBe('');
    expect(initials(null)).toBe('');
  });
});

describe('pluralize', () => {
  it('picks the form by count', () => {
    expect(pluralize(1, 'ticket')).toBe('1 ticket');
    expect(pluralize(3, 'ticket')).toBe('3 tickets');
    expect(pluralize(0, 'city', 'cities')).toBe('0 cities');
    expect(pluralize(150000, 'registration')).toBe('1,50,000 registrations');
  });
});
