// The client's address behind reverse proxies (decision 035). X-Forwarded-For is a list that every
// proxy appends to; only the hops that trusted proxies added are true, and anything left of them is
// whatever the client wrote. So the address is found from the right: start at the socket's peer,
// step left over each trusted proxy (the first TRUST_PROXY hops, or any hop that is one of
// TRUSTED_PROXIES), and stop at the first hop that is not one: that is the client. Never the
// leftmost value, and never text that is not an IP address: a hop that is not one ends the walk at
// the last address that was (a proxy's, so at worst the request shares that proxy's limits).
import { BlockList, isIP } from 'node:net';

/** Who may set X-Forwarded-For (env.ts): the first `hops` proxies, and any proxy at one of `addresses`. */
export interface TrustedProxies {
  /** How many proxies in front of the API are trusted (TRUST_PROXY: 0, true = 1, or a number). */
  hops: number;
  /** Trusted proxies' addresses or CIDR ranges (TRUSTED_PROXIES). */
  addresses: readonly string[];
}

export const NO_PROXY: TrustedProxies = { hops: 0, addresses: [] };

/** One hop as an address: an IPv4 or IPv6 address (brackets dropped, IPv4-mapped IPv6 as IPv4), else undefined. */
export function normaliseAddress(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let value = text.trim();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  const version = isIP(value);
  if (version === 4) return value;
  if (version !== 6) return undefined;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(value);
  if (mapped && isIP(mapped[1]!) === 4) return mapped[1];
  return value.toLowerCase();
}

/** `10.0.0.0/8`, `2001:db8::/32` or one address; undefined when it is neither. */
export function parseProxyEntry(entry: string): { address: string; prefix?: number } | undefined {
  const [head, prefix, extra] = entry.trim().split('/');
  const address = normaliseAddress(head);
  if (!address || extra !== undefined) return undefined;
  if (prefix === undefined) return { address };
  if (!/^\d{1,3}$/.test(prefix)) return undefined;
  const bits = Number(prefix);
  return bits <= (isIP(address) === 4 ? 32 : 128) ? { address, prefix: bits } : undefined;
}

const lists = new WeakMap<readonly string[], BlockList>();

function trustedList(addresses: readonly string[]): BlockList {
  let list = lists.get(addresses);
  if (list) return list;
  list = new BlockList();
  for (const entry of addresses) {
    const parsed = parseProxyEntry(entry);
    if (!parsed) continue; // env.ts refuses these at start
    const type = isIP(parsed.address) === 4 ? 'ipv4' : 'ipv6';
    if (parsed.prefix === undefined) list.addAddress(parsed.address, type);
    else list.addSubnet(parsed.address, parsed.prefix, type);
  }
  lists.set(addresses, list);
  return list;
}

/**
 * The client's address from the socket's peer and X-Forwarded-For, trusting only `proxies`; undefined
 * when there is no address at all. A request with no socket (app.request in tests, in-process calls)
 * is taken as coming through one trusted proxy.
 */
export function clientAddress(
  socket: string | undefined,
  forwardedFor: string | undefined,
  proxies: TrustedProxies,
): string | undefined {
  const peer = normaliseAddress(socket);
  const inProcess = socket === undefined;
  if (!inProcess && proxies.hops === 0 && proxies.addresses.length === 0) return peer;
  const hops = inProcess ? Math.max(1, proxies.hops) : proxies.hops;
  const list = proxies.addresses.length > 0 ? trustedList(proxies.addresses) : undefined;
  const isTrusted = (address: string | undefined, index: number) =>
    index < hops || (address !== undefined && list !== undefined && list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6'));

  const chain = forwardedFor === undefined || forwardedFor.trim() === '' ? [] : forwardedFor.split(',');
  let current = peer;
  if (!inProcess && peer === undefined) return undefined;
  for (let index = 0; isTrusted(current, index) && chain.length > 0; index++) {
    const next = normaliseAddress(chain.pop());
    if (next === undefined) return current;
    current = next;
  }
  return current;
}
