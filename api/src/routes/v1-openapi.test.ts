// The OpenAPI 3.1 description of /api/v1 (issue 45, decision 062): served at /api/v1/openapi.json
// without a token, clean under Redocly's recommended rules, naming every served v1 route, and good
// enough to generate a typed client from: openapi-typescript writes the types, the TypeScript
// compiler checks a client written against them, and openapi-fetch runs a sale's read, an attendee
// update and a check-in through it against this app.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '../contract/api-tokens';
import { events, registrations } from '../db/schema';
import { jsonRequest, staffCookie } from '../testing/staff-session';
import { buyTicket, createCheckoutTestApp, seedCheckoutEvent, type CheckoutTestApp } from '../testing/test-checkout';

let t: CheckoutTestApp;
let document: Record<string, unknown>;
/** Under api/node_modules, so that the generated client resolves openapi-fetch as the app's own code does. */
const workDir = join(
  fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url)),
  `v1-client-${process.pid}-${Date.now()}`,
);

beforeAll(async () => {
  t = await createCheckoutTestApp();
  const res = await t.app.request('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  document = (await res.json()) as Record<string, unknown>;
});
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await t.close();
});

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document the Redocly linter finds nothing wrong with', async () => {
    expect(document.openapi).toBe('3.1.0');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('describes every route the app serves under /api/v1', () => {
    const described = new Set(
      Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const served = [
      ...new Set(
        t.app.routes
          .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/') && r.path !== '/api/v1/openapi.json')
          .map((r) => `${r.method} ${r.path.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}')}`),
      ),
    ];
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((route) => !described.has(route))).toEqual([]);
  });
});

describe('GET /developers', () => {
  it('is a readable page naming every operation and model of the document, with no script', async () => {
    const res = await t.app.request('/developers');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toBeTruthy();
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { operationId: string }>>)) {
      for (const [method, op] of Object.entries(item)) {
        expect(html).toContain(`id="${op.operationId}"`);
        expect(html).toContain(`${method.toUpperCase()}</span> <code>/api/v1${path}</code>`);
      }
    }
    for (const name of Object.keys((document.components as { schemas: object }).schemas))
      expect(html).toContain(`id="schema-${name}"`);
    expect(html).toContain('href="/api/v1/openapi.json"');
    // Webhooks (decision 064): every event type, the headers to verify and the retry schedule.
    for (const type of ['order.paid', 'order.refunded', 'attendee.updated', 'check-in.created', 'event.updated'])
      expect(html).toContain(`<code>${type}</code>`);
    expect(html).toContain('webhook-signature');
    expect(html).toContain('5 s, 5 min, 30 min, 2 h, 5 h, 10 h');
    expect(html).toContain('wh.verify(body, req.headers)');
  });
});

describe('a client generated from the served document', () => {
  it("reads a sale, updates an attendee and admits them, type-checked against the document's types", async () => {
    const ids = await seedCheckoutEvent(t, { title: 'Client Gate Run' });
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await t.db.query((db) => db.update(events).set({ date: today }).where(eq(events.id, ids.eventId)));
    const attendee = await buyTicket(t, {
      eventId: ids.eventId,
      ticketId: ids.general,
      participant: { email: 'client@example.com' },
    });
    const admin = await staffCookie(t, 'admin');
    const made = await t.app.request(
      '/api/admin/api-tokens',
      jsonRequest('POST', { name: 'Generated client', scopes: ['read', 'write', 'check-in'] }, admin),
    );
    const { token } = (await made.json()) as CreatedApiToken;

    mkdirSync(workDir, { recursive: true });
    writeFileSync(join(workDir, 'v1.ts'), astToString(await openapiTS(document as never)));
    writeFileSync(
      join(workDir, 'client.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './v1';

export async function run(fetcher: (request: Request) => Promise<Response>, token: string, orderId: string, eventId: number) {
  const client = createClient<paths>({ baseUrl: 'http://localhost/api/v1', fetch: fetcher, headers: { Authorization: 'Bearer ' + token } });
  const sale = await client.GET('/orders/{id}', { params: { path: { id: orderId } } });
  if (!sale.data) throw new Error('no sale: ' + JSON.stringify(sale.error));
  const first = sale.data.attendees[0];
  if (!first) throw new Error('no attendee');
  const read = await client.GET('/attendees/{id}', { params: { path: { id: first.id } } });
  const etag = read.response.headers.get('ETag') ?? '';
  const updated = await client.PATCH('/attendees/{id}', {
    params: { path: { id: first.id }, header: { 'If-Match': etag } },
    body: { firstName: 'Kavya', phone: '+91 98450 12345' },
  });
  const admitted = await client.POST('/check-ins', { body: { code: first.ticketCode, gate: 'Client Gate', eventId } });
  const status: 'admitted' | 'already_admitted' | undefined = admitted.data?.outcome;
  return { sale: sale.data, updated: updated.data, admitted: admitted.data, status };
}
`,
    );
    const program = ts.createProgram([join(workDir, 'client.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);

    const client = (await import(/* @vite-ignore */ join(workDir, 'client.ts'))) as {
      run: (
        fetcher: (request: Request) => Promise<Response>,
        token: string,
        orderId: string,
        eventId: number,
      ) => Promise<{
        sale: { id: string; status: string; attendees: { id: number }[]; payments: unknown[] };
        updated: { firstName: string; phone: string };
        admitted: { outcome: string; checkIn: { gate: string } };
        status: string;
      }>;
    };
    const result = await client.run(async (request) => t.app.request(request), token, attendee.orderId!, ids.eventId);
    expect(result.sale).toMatchObject({ id: attendee.orderId, status: 'PAID', attendees: [{ id: attendee.id }] });
    expect(result.sale.payments).toHaveLength(1);
    expect(result.updated).toMatchObject({ firstName: 'Kavya', phone: '+919845012345' });
    expect(result.admitted).toMatchObject({ outcome: 'admitted', checkIn: { gate: 'Client Gate' } });
    const [row] = await t.db.query((db) => db.select().from(registrations).where(eq(registrations.id, attendee.id)));
    expect(row).toMatchObject({ firstName: 'Kavya', status: 'Checked-In' });
  });
});
