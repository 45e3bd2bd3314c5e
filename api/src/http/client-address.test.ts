import { describe, expect, it } from 'vitest';
import { clientAddress, type TrustedProxies } from './client-address';

const none: TrustedProxies = { hops: 0, addresses: [] };
const oneHop: TrustedProxies = { hops: 1, addresses: [] };
const twoHops: TrustedProxies = { hops: 2, addresses: [] };
const byAddress = (...addresses: string[]): TrustedProxies => ({ hops: 0, addresses });

// The proxy sits at 10.0.0.2 and is the socket's peer; what it saw is the header's last hop.
const PROXY = '10.0.0.2';

describe('clientAddress', () => {
  it('without a trusted proxy is the socket peer, whatever the header says', () => {
    expect(clientAddress(PROXY, '198.51.100.7', none)).toBe(PROXY);
    expect(clientAddress('203.0.113.5', '198.51.100.7, 198.51.100.8', none)).toBe('203.0.113.5');
  });

  it("behind one proxy takes the hop that proxy added, never the client's own leftmost value", () => {
    expect(clientAddress(PROXY, '198.51.100.7', oneHop)).toBe('198.51.100.7');
    // What a proxy that appends passes on when the client wrote its own header first.
    expect(clientAddress(PROXY, '1.2.3.4, 198.51.100.7', oneHop)).toBe('198.51.100.7');
    expect(clientAddress(PROXY, '1.2.3.4,5.6.7.8 ,  198.51.100.7', oneHop)).toBe('198.51.100.7');
    // A client cannot make two headers count either: they arrive joined with a comma.
    expect(clientAddress(PROXY, 'admin@tdk.test, 198.51.100.7', oneHop)).toBe('198.51.100.7');
  });

  it('behind two proxies takes the hop the outer proxy added', () => {
    expect(clientAddress(PROXY, '6.6.6.6, 198.51.100.7, 10.0.0.1', twoHops)).toBe('198.51.100.7');
    expect(clientAddress(PROXY, '198.51.100.7, 10.0.0.1', twoHops)).toBe('198.51.100.7');
  });

  it('with fewer hops than proxies (a request that bypassed one) takes the furthest address it has', () => {
    expect(clientAddress(PROXY, undefined, oneHop)).toBe(PROXY);
    expect(clientAddress(PROXY, '', oneHop)).toBe(PROXY);
    expect(clientAddress(PROXY, '198.51.100.7', twoHops)).toBe('198.51.100.7');
  });

  it('refuses text that is not an IP address and keeps the last address it could trust', () => {
    for (const garbage of [
      'unknown',
      '<script>alert(1)</script>',
      'admin@tdk.test',
      '198.51.100.7 OR 1=1',
      '999.1.1.1',
      '198.51.100',
      ' ',
      'x'.repeat(5000),
      '198.51.100.7\r\nSet-Cookie: a=b',
    ]) {
      expect(clientAddress(PROXY, garbage, oneHop), garbage).toBe(PROXY);
      expect(clientAddress(PROXY, `1.2.3.4, ${garbage}`, oneHop), garbage).toBe(PROXY);
    }
    // Garbage left of the trusted hop is never reached.
    expect(clientAddress(PROXY, 'garbage, 198.51.100.7', oneHop)).toBe('198.51.100.7');
    // Behind two proxies, an inner hop that is not an address stops the walk at the inner proxy.
    expect(clientAddress(PROXY, '198.51.100.7, nonsense', twoHops)).toBe(PROXY);
    // A socket peer that is not an address (never from Node) counts as none.
    expect(clientAddress('nonsense', undefined, none)).toBeUndefined();
  });

  it('reads IPv6, bracketed IPv6 and IPv4-mapped IPv6 addresses as one address each', () => {
    expect(clientAddress(PROXY, '2001:DB8::1', oneHop)).toBe('2001:db8::1');
    expect(clientAddress(PROXY, '1.2.3.4, [2001:db8::7]', oneHop)).toBe('2001:db8::7');
    expect(clientAddress('::ffff:10.0.0.2', '::ffff:198.51.100.7', oneHop)).toBe('198.51.100.7');
    expect(clientAddress('::1', undefined, none)).toBe('::1');
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.7', none)).toBe('127.0.0.1');
  });

  it('with trusted proxy addresses takes the right-most hop that is not one of them', () => {
    const proxies = byAddress('10.0.0.0/8', '2001:db8:ffff::/48', '192.0.2.10');
    expect(clientAddress(PROXY, '198.51.100.7', proxies)).toBe('198.51.100.7');
    expect(clientAddress(PROXY, '6.6.6.6, 198.51.100.7, 10.1.2.3, 192.0.2.10', proxies)).toBe('198.51.100.7');
    expect(clientAddress(PROXY, '6.6.6.6, 2001:db8:ffff::9', proxies)).toBe('6.6.6.6');
    // The header is read only when the socket peer is a trusted proxy.
    expect(clientAddress('203.0.113.5', '198.51.100.7', proxies)).toBe('203.0.113.5');
    // Every hop a trusted proxy: the furthest one.
    expect(clientAddress(PROXY, '10.9.9.9', proxies)).toBe('10.9.9.9');
    expect(clientAddress('::ffff:10.0.0.2', '198.51.100.7', proxies)).toBe('198.51.100.7');
  });

  it('in process (no socket: app.request in tests) stands for one trusted proxy', () => {
    expect(clientAddress(undefined, '198.51.100.7', none)).toBe('198.51.100.7');
    expect(clientAddress(undefined, '1.2.3.4, 198.51.100.7', oneHop)).toBe('198.51.100.7');
    expect(clientAddress(undefined, 'nonsense', oneHop)).toBeUndefined();
    expect(clientAddress(undefined, undefined, none)).toBeUndefined();
  });
});
