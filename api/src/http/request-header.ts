// A request header read where the Node server already has it. Hono's c.req.header() builds a
// fetch Headers object from the socket's raw header lines on its first use, a cost a cached public
// read paid twice over (its ETag and encoding checks, the HTTPS check of the security headers) for
// values Node has parsed already. Requests made in-process (app.request: tests, the first screen's
// own reads) have no Node request and go through Hono as before.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** The value of request header `name` (lower case), as c.req.header(name) answers it. */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  // The raw lines, not incoming.headers: that object is built on first use, for every header.
  const raw = incoming.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) {
      value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
    }
  }
  return value;
}
