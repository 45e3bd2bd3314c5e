import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref } from './contact';

describe('telHref', () => {
  it('keeps the digits and a leading plus', () => {
    expect(telHref('+91 98200 00000')).toBe('tel:+919820000000');
    expect(telHref('(022) 4000-7000')).toBe('tel:02240007000');
    expect(telHref('98+20')).toBe('tel:9820');
  });

  it('is none for a number without digits', () => {
    expect(telHref('')).toBeUndefined();
    expect(telHref(' + ')).toBeUndefined();
  });
});

describe('mailtoHref', () => {
  it('links an address and nothing else', () => {
    expect(mailtoHref(' hello@tdksports.in ')).toBe('mailto:hello@tdksports.in');
    expect(mailtoHref('')).toBeUndefined();
  });
});
