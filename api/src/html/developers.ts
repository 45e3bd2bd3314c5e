// The API reference at /developers (issue 45, decision 062): one server-rendered page, written from
// the same OpenAPI document /api/v1/openapi.json serves, so the two cannot disagree. Plain HTML
// and one inline <style> (the CSP allows inline styles, no scripts are needed); no CDN.
import { escapeHtml as e } from './escape';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS, type WebhookEventType } from '../contract/webhooks';

/** Each webhook event: when it is sent and the /api/v1 model its `data` is (decision 064). */
const WEBHOOK_EVENTS: Readonly<Record<WebhookEventType, { when: string; model: string }>> = {
  'order.paid': { when: 'An order was paid: its attendees are booked.', model: 'OrderDetail' },
  'order.refunded': { when: 'A refund of an order succeeded (the money is on its way back).', model: 'OrderDetail' },
  'attendee.updated': {
    when: "An attendee's details or status were changed (in the console or through the API).",
    model: 'Attendee',
  },
  'check-in.created': { when: 'An attendee was admitted at a gate.', model: 'CheckIn' },
  'event.updated': { when: 'An event was changed, postponed or cancelled.', model: 'Event' },
  // Decision 074.
  'order.cancelled': {
    when: 'Every attendee of an order was cancelled (refunded, cancelled by the buyer or staff, or deferred).',
    model: 'OrderDetail',
  },
  'attendee.created': { when: 'An attendee was booked: one per attendee when their order is paid.', model: 'Attendee' },
  'attendee.transferred': {
    when: 'A ticket was transferred: the attendee has a new holder and ticket number.',
    model: 'Attendee',
  },
  'attendee.cancelled': {
    when: 'An attendee was cancelled (refunded, cancelled by the buyer or staff, or deferred).',
    model: 'Attendee',
  },
  'event.published': {
    when: 'An event was published (or approved by the platform): it is on sale or announced.',
    model: 'Event',
  },
  'event.postponed': { when: 'An event was postponed to a new date (event.updated is sent too).', model: 'Event' },
  'event.cancelled': { when: 'An event was cancelled (event.updated is sent too).', model: 'Event' },
  'results.published': {
    when: "An event's results were published: data is { eventId, url } (the public results' address).",
    model: '',
  },
};

const duration = (ms: number) => (ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`);

const VERIFY_SNIPPET = `// npm install standardwebhooks
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.WEBHOOK_SECRET); // whsec_…, from Settings → Webhooks

createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    try {
      // Checks webhook-signature over "webhook-id.webhook-timestamp.body" and that the time is recent.
      const event = wh.verify(body, req.headers);
      // webhook-id is the same on every retry: skip one you have already handled.
      console.log(req.headers['webhook-id'], event.type, event.data.id);
      res.writeHead(204).end();
    } catch {
      res.writeHead(400).end();
    }
  });
}).listen(3000);

// Without the library: the same check by hand.
import { createHmac, timingSafeEqual } from 'node:crypto';
function verified(secret, id, timestamp, body, signatureHeader) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  return signatureHeader.split(' ').some((part) => {
    const [version, signature] = part.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  }) && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
}`;

/** The Webhooks part of the page: events, payload, signature, retries (decision 064). */
function webhooksSection(): string {
  const rows = WEBHOOK_EVENT_TYPES.map(
    (type) =>
      `<tr><td><code>${e(type)}</code></td><td>${e(WEBHOOK_EVENTS[type].when)}</td><td>${WEBHOOK_EVENTS[type].model ? `<a href="#schema-${e(WEBHOOK_EVENTS[type].model)}">${e(WEBHOOK_EVENTS[type].model)}</a>` : '<code>{ eventId, url }</code>'}</td></tr>`,
  ).join('\n');
  const schedule = WEBHOOK_RETRY_DELAYS_MS.map(duration).join(', ');
  return `<h2 id="webhooks">Webhooks</h2>
<p>An admin of your organisation adds an endpoint in the console (Settings → Webhooks): an <code>https://</code> URL and the events it wants. The signing secret (<code>whsec_…</code>) is shown once. Each event is sent as a <code>POST</code> with a JSON body, signed as the <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> specification says.</p>
<h3>Events</h3>
<table><thead><tr><th>Type</th><th>Sent when</th><th><code>data</code> is</th></tr></thead><tbody>
${rows}
</tbody></table>
<h3>Payload</h3>
<pre><code>{ "type": "order.paid", "timestamp": "2026-11-29T06:00:00.000Z", "data": { "id": "order_…", … } }</code></pre>
<p><code>timestamp</code> is when the change happened; <code>data</code> is the resource as <code>GET /api/v1/…</code> answers it, read when the event is first sent (every retry sends the same body). Read the resource again for its latest state.</p>
<h3>Verifying the signature</h3>
<p>Three headers come with each request: <code>webhook-id</code> (the message's id, the same on every retry), <code>webhook-timestamp</code> (seconds since 1970) and <code>webhook-signature</code>: <code>v1,</code> and the base64 HMAC-SHA256 of <code>webhook-id.webhook-timestamp.body</code>, keyed with the base64-decoded part of the secret after <code>whsec_</code>. Refuse a request whose signature does not match or whose timestamp is more than five minutes away. After a secret is rotated (Settings → Webhooks → Rotate secret), <code>webhook-signature</code> carries two space-separated signatures for 24 hours, <code>v1,&lt;new&gt; v1,&lt;previous&gt;</code>: accept the request if either verifies (the <code>standardwebhooks</code> library does).</p>
<pre><code>${e(VERIFY_SNIPPET)}</code></pre>
<h3>Answers and retries</h3>
<ul>
<li>Answer any <code>2xx</code> within ${WEBHOOK_TIMEOUT_MS / 1000} s: that delivery is done. Do the work afterwards.</li>
<li>Anything else (another status, a redirect, no answer in ${WEBHOOK_TIMEOUT_MS / 1000} s, a refused connection) is tried again after ${e(schedule)}, then every ${e(duration(WEBHOOK_RETRY_DELAYS_MS.at(-1)!))}, for three days; then the delivery has failed.</li>
<li>An endpoint that no delivery reached for those three days, or that answers <code>410 Gone</code>, is switched off, and your admins see it in Settings → Webhooks. Enable it again there and use Redeliver on what it missed.</li>
<li>Deliveries come at least once and not always in order: use <code>webhook-id</code> to skip repeats, and <code>timestamp</code> or the resource's <code>updatedAt</code> to keep the newest.</li>
</ul>`;
}

/** An OpenAPI description's text, escaped, with its `code spans` (CommonMark's backticks) as <code>. */
const prose = (text: string) => e(text).replace(/`([^`]+)`/g, '<code>$1</code>');

type Json = Record<string, unknown>;

const typeOf = (schema: Json | undefined): string => {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(' | ');
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items as Json)}[]`;
  if (Array.isArray(schema.type)) return (schema.type as string[]).join(' | ');
  return String(schema.type ?? 'object');
};

function propertiesTable(schema: Json): string {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  const rows = Object.entries(properties)
    .map(
      ([name, property]) =>
        `<tr><td><code>${e(name)}</code>${required.has(name) ? '' : ' <small>optional</small>'}</td><td><code>${e(typeOf(property))}</code></td><td>${prose(String(property.description ?? ''))}</td></tr>`,
    )
    .join('');
  return rows ? `<table><thead><tr><th>Field</th><th>Type</th><th>About</th></tr></thead><tbody>${rows}</tbody></table>` : '';
}

export function renderDevelopersPage(document: Json, platformName: string): string {
  const info = document.info as Json;
  const paths = document.paths as Record<string, Record<string, Json>>;
  const schemas = (document.components as Json).schemas as Record<string, Json>;
  const operations = Object.entries(paths)
    .flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => {
        const parameters = ((op.parameters ?? []) as Json[])
          .map(
            (p) =>
              `<li><code>${e(String(p.name))}</code> (${e(String(p.in))}${p.required ? ', required' : ''}): <code>${e(typeOf(p.schema as Json))}</code> ${prose(String(p.description ?? ''))}</li>`,
          )
          .join('');
        const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
        const bodySchema = body?.['application/json']?.schema as Json | undefined;
        const responses = Object.entries(op.responses as Record<string, Json>)
          .map(([status, answer]) => {
            const schema = ((answer.content as Record<string, Json> | undefined)?.['application/json']?.schema ?? undefined) as
              Json | undefined;
            return `<li><code>${e(status)}</code> ${e(String(answer.description))}${schema ? `: <a href="#schema-${e(typeOf(schema))}"><code>${e(typeOf(schema))}</code></a>` : ''}</li>`;
          })
          .join('');
        return `<section id="${e(String(op.operationId))}">
<h3><span class="method">${e(method.toUpperCase())}</span> <code>/api/v1${e(path)}</code></h3>
<p>${e(String(op.summary))}. Scope: <code>${e(String(op['x-scope']))}</code>.</p>
${parameters ? `<h4>Parameters</h4><ul>${parameters}</ul>` : ''}
${bodySchema ? `<h4>Body</h4><p><a href="#schema-${e(typeOf(bodySchema))}"><code>${e(typeOf(bodySchema))}</code></a></p>` : ''}
<h4>Answers</h4><ul>${responses}</ul>
</section>`;
      }),
    )
    .join('\n');
  const models = Object.entries(schemas)
    .map(([name, schema]) => `<section id="schema-${e(name)}"><h3>${e(name)}</h3>${propertiesTable(schema)}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(platformName)} API for developers</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; color: #1a1a1a; }
code { font-family: ui-monospace, monospace; background: #f3f3f3; padding: 0 .2em; border-radius: 3px; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
th, td { text-align: left; border-bottom: 1px solid #ddd; padding: .3rem .5rem; vertical-align: top; }
section { border-top: 1px solid #eee; padding-top: .5rem; }
pre { background: #f3f3f3; padding: .5rem; overflow-x: auto; }
pre code { background: none; padding: 0; }
.method { display: inline-block; min-width: 4.5rem; font-family: ui-monospace, monospace; color: #0b5; }
</style>
</head>
<body>
<h1>${e(platformName)} API for developers</h1>
<p>${e(String(info.summary ?? ''))}</p>
<p>${prose(String(info.description ?? ''))}</p>
<h2>Start</h2>
<ol>
<li>An admin of your organisation makes a token in the console: Settings → API tokens. It is shown once: keep it secret.</li>
<li>Send it with every call: <code>Authorization: Bearer tdk_…</code>.</li>
<li>Generate a client from <a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a> (OpenAPI 3.1), for instance with <code>npx openapi-typescript /api/v1/openapi.json -o v1.ts</code> and <code>openapi-fetch</code>.</li>
</ol>
<h2>Rules</h2>
<ul>
<li>Lists answer <code>{ "data": [...], "next_cursor": "…" | null }</code>; pass <code>cursor</code> to read on, <code>limit</code> up to 100.</li>
<li><code>updated_since</code> (ISO 8601) keeps your copy in step: pass the time your previous sync started.</li>
<li>A change needs <code>If-Match</code> with the <code>ETag</code> you read; a record changed since answers 412.</li>
<li>Another organisation's id answers 404. Each token has a per-minute limit (<code>RateLimit</code>, <code>RateLimit-Policy</code>; over it, 429 with <code>Retry-After</code>).</li>
<li>Every call is recorded in your organisation's audit log under the token.</li>
</ul>
<h2>Endpoints</h2>
${operations}
${webhooksSection()}
<h2>Models</h2>
${models}
</body>
</html>`;
}
