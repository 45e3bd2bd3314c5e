// Signing in the waiting room: a browser's cookie, its place cookie and its entry token each pass
// only unchanged, for their own browser and event, and an entry token only before its end.
import { describe, expect, it } from 'vitest';
import {
  checkEntryToken,
  newVisitorCookie,
  placeCookie,
  placeFromCookie,
  signEntryToken,
  visitorFromCookie,
} from './waiting-room-tokens';

const env = { sessionSecret: 'a-test-secret-of-the-waiting-room-0123456789', dataDir: '/nonexistent' };
const other = { sessionSecret: 'another-secret-of-another-install-0123456789', dataDir: '/nonexistent' };

describe('the browser cookie', () => {
  it('names its browser only while its signature holds', () => {
    const { visitorId, cookie } = newVisitorCookie(env);
    expect(visitorFromCookie(env, cookie)).toBe(visitorId);
    expect(visitorFromCookie(other, cookie)).toBeUndefined();
    const [id, sig] = cookie.split('.');
    expect(visitorFromCookie(env, `${id}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(visitorFromCookie(env, `${newVisitorCookie(env).visitorId}.${sig}`)).toBeUndefined();
    expect(visitorFromCookie(env, undefined)).toBeUndefined();
    expect(visitorFromCookie(env, 'garbage')).toBeUndefined();
  });

  it('keeps a place for its own browser and event only', () => {
    const { visitorId } = newVisitorCookie(env);
    const cookie = placeCookie(env, 7, visitorId, 1234);
    expect(placeFromCookie(env, 7, visitorId, cookie)).toBe(1234);
    expect(placeFromCookie(env, 8, visitorId, cookie)).toBeUndefined();
    expect(placeFromCookie(env, 7, newVisitorCookie(env).visitorId, cookie)).toBeUndefined();
    expect(placeFromCookie(env, 7, visitorId, cookie.replace(/^1234/, '1'))).toBeUndefined();
  });
});

describe('the entry token', () => {
  const now = new Date('2030-01-01T10:00:00Z');
  const end = new Date('2030-01-01T10:10:00Z');

  it('lets its own browser order for its event until its end', () => {
    const { visitorId } = newVisitorCookie(env);
    const token = signEntryToken(env, 3, visitorId, end);
    expect(checkEntryToken(env, token, 3, visitorId, now)).toEqual({ ok: true, visitorId, expiresAt: end });
    expect(checkEntryToken(env, token, 3, visitorId, new Date('2030-01-01T10:09:59Z')).ok).toBe(true);
    expect(checkEntryToken(env, token, 3, visitorId, end)).toEqual({ ok: false, problem: 'expired' });
  });

  it('is refused as forged when changed, for another event or another install, and as foreign in another browser', () => {
    const { visitorId } = newVisitorCookie(env);
    const token = signEntryToken(env, 3, visitorId, end);
    expect(checkEntryToken(env, token, 4, visitorId, now)).toEqual({ ok: false, problem: 'forged' });
    expect(checkEntryToken(other, token, 3, visitorId, now)).toEqual({ ok: false, problem: 'forged' });
    // A later end written in by hand breaks the signature.
    const [id, , sig] = token.split('.');
    const later = new Date('2030-01-02T10:00:00Z').getTime().toString(36);
    expect(checkEntryToken(env, `${id}.${later}.${sig}`, 3, visitorId, now)).toEqual({ ok: false, problem: 'forged' });
    expect(checkEntryToken(env, 'not-a-token', 3, visitorId, now)).toEqual({ ok: false, problem: 'forged' });
    expect(checkEntryToken(env, token, 3, newVisitorCookie(env).visitorId, now)).toEqual({ ok: false, problem: 'foreign' });
    expect(checkEntryToken(env, token, 3, undefined, now)).toEqual({ ok: false, problem: 'foreign' });
  });
});
