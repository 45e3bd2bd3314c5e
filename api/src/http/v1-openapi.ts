// The OpenAPI 3.1 description of /api/v1 (issue 45, decision 062), generated from the zod schemas
// the routes validate with and answer in (contract/api-v1.ts) by zod's own z.toJSONSchema (JSON
// Schema 2020-12, which OpenAPI 3.1 uses as it is). A new v1 route needs an entry in OPERATIONS;
// http/v1-openapi.test.ts fails for a served v1 path without one and lints the document.
import { z } from 'zod';
import {
  V1_MAX_LIMIT,
  v1AttendeePatchSchema,
  v1AttendeeSchema,
  v1CheckInInputSchema,
  v1CheckInResultSchema,
  v1CheckInSchema,
  v1ErrorSchema,
  v1EventSchema,
  v1ListQuerySchema,
  v1OrderDetailSchema,
  v1OrderSchema,
  v1Page,
  v1PaymentSchema,
  v1RefundSchema,
  v1TicketTypeSchema,
} from '../contract/api-v1';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '../contract/api-tokens';
import { VERSION } from '../version';

const SCHEMAS = {
  Error: v1ErrorSchema,
  Event: v1EventSchema,
  EventPage: v1Page(v1EventSchema, 'EventPage'),
  TicketType: v1TicketTypeSchema,
  TicketTypePage: v1Page(v1TicketTypeSchema, 'TicketTypePage'),
  Order: v1OrderSchema,
  OrderPage: v1Page(v1OrderSchema, 'OrderPage'),
  OrderDetail: v1OrderDetailSchema,
  Payment: v1PaymentSchema,
  Refund: v1RefundSchema,
  Attendee: v1AttendeeSchema,
  AttendeePage: v1Page(v1AttendeeSchema, 'AttendeePage'),
  CheckIn: v1CheckInSchema,
  CheckInPage: v1Page(v1CheckInSchema, 'CheckInPage'),
  CheckInResult: v1CheckInResultSchema,
} as const;
type SchemaName = keyof typeof SCHEMAS | 'AttendeePatch' | 'CheckInInput';

interface Operation {
  method: 'get' | 'post' | 'patch';
  /** OpenAPI's path template: `{id}`. */
  path: string;
  operationId: string;
  summary: string;
  scope: ApiTokenScope;
  idParam?: 'integer' | 'string';
  list?: boolean;
  body?: SchemaName;
  ok: { status: number; schema: SchemaName; etag?: boolean }[];
  ifMatch?: boolean;
  notFound?: boolean;
}

export const OPERATIONS: readonly Operation[] = [
  {
    method: 'get',
    path: '/events',
    operationId: 'listEvents',
    summary: "The organisation's events",
    scope: 'read',
    list: true,
    ok: [{ status: 200, schema: 'EventPage' }],
  },
  {
    method: 'get',
    path: '/events/{id}',
    operationId: 'getEvent',
    summary: 'One event',
    scope: 'read',
    idParam: 'integer',
    notFound: true,
    ok: [{ status: 200, schema: 'Event', etag: true }],
  },
  {
    method: 'get',
    path: '/events/{id}/ticket-types',
    operationId: 'listTicketTypes',
    summary: "An event's ticket types",
    scope: 'read',
    idParam: 'integer',
    notFound: true,
    ok: [{ status: 200, schema: 'TicketTypePage' }],
  },
  {
    method: 'get',
    path: '/orders',
    operationId: 'listOrders',
    summary: "The organisation's orders",
    scope: 'read',
    list: true,
    ok: [{ status: 200, schema: 'OrderPage' }],
  },
  {
    method: 'get',
    path: '/orders/{id}',
    operationId: 'getOrder',
    summary: 'One order with its attendees, payments and refunds',
    scope: 'read',
    idParam: 'string',
    notFound: true,
    ok: [{ status: 200, schema: 'OrderDetail', etag: true }],
  },
  {
    method: 'get',
    path: '/attendees',
    operationId: 'listAttendees',
    summary: "The organisation's attendees",
    scope: 'read',
    list: true,
    ok: [{ status: 200, schema: 'AttendeePage' }],
  },
  {
    method: 'get',
    path: '/attendees/{id}',
    operationId: 'getAttendee',
    summary: 'One attendee',
    scope: 'read',
    idParam: 'integer',
    notFound: true,
    ok: [{ status: 200, schema: 'Attendee', etag: true }],
  },
  {
    method: 'patch',
    path: '/attendees/{id}',
    operationId: 'updateAttendee',
    summary: "Change an attendee's name, e-mail or phone",
    scope: 'write',
    idParam: 'integer',
    notFound: true,
    body: 'AttendeePatch',
    ifMatch: true,
    ok: [{ status: 200, schema: 'Attendee', etag: true }],
  },
  {
    method: 'get',
    path: '/check-ins',
    operationId: 'listCheckIns',
    summary: "The organisation's check-ins",
    scope: 'read',
    list: true,
    ok: [{ status: 200, schema: 'CheckInPage' }],
  },
  {
    method: 'post',
    path: '/check-ins',
    operationId: 'createCheckIn',
    summary: 'Admit an attendee at a gate',
    scope: 'check-in',
    body: 'CheckInInput',
    ok: [
      { status: 201, schema: 'CheckInResult' },
      { status: 200, schema: 'CheckInResult' },
    ],
  },
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });

let built: Record<string, unknown> | undefined;

/** The document, built once per process. */
export function openApiDocument(): Record<string, unknown> {
  if (built) return built;
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(SCHEMAS)) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Record<string, unknown>> };
  // Request bodies are what a client sends (z.input); each is its own component.
  const inputs = z.toJSONSchema(
    (() => {
      const r = z.registry<{ id: string }>();
      r.add(v1AttendeePatchSchema, { id: 'AttendeePatch' });
      r.add(v1CheckInInputSchema, { id: 'CheckInInput' });
      return r;
    })(),
    { target: 'draft-2020-12', io: 'input', uri: (id) => `#/components/schemas/${id}` },
  ) as { schemas: Record<string, Record<string, unknown>> };
  const schemas: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries({ ...generated.schemas, ...inputs.schemas })) {
    const { $schema: _dialect, $id: _id, ...rest } = schema;
    schemas[id] = rest;
  }
  const listParameters = Object.entries(v1ListQuerySchema.shape).map(([name, schema]) => {
    const {
      $schema: _dialect,
      description,
      ...json
    } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
    const typed = name === 'limit' ? { type: 'integer', minimum: 1, maximum: V1_MAX_LIMIT } : json;
    return { name, in: 'query', required: false, description, schema: typed };
  });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters: unknown[] = [];
    if (op.idParam) parameters.push({ name: 'id', in: 'path', required: true, schema: { type: op.idParam } });
    if (op.list) parameters.push(...listParameters);
    if (op.ifMatch)
      parameters.push({
        name: 'If-Match',
        in: 'header',
        required: true,
        description: 'The ETag of the record as you read it: a change since answers 412.',
        schema: { type: 'string' },
      });
    const responses: Record<string, unknown> = {};
    for (const ok of op.ok)
      responses[String(ok.status)] = {
        description: 'OK',
        ...(ok.etag && { headers: { ETag: { description: "The record's version, for If-Match.", schema: { type: 'string' } } } }),
        content: { 'application/json': { schema: ref(ok.schema) } },
      };
    if (op.body || op.list) responses['400'] = errorAnswer('Invalid request: `fields` names each problem');
    responses['401'] = errorAnswer('No token, or an unknown, revoked or expired one');
    responses['403'] = errorAnswer(`The token lacks the ${op.scope} scope`);
    if (op.notFound) responses['404'] = errorAnswer('No such record in your organisation');
    if (op.ifMatch) {
      responses['409'] = errorAnswer('The change is refused by the rules of the record');
      responses['412'] = errorAnswer('The record changed since you read it');
      responses['428'] = errorAnswer('If-Match is required');
    }
    if (op.method === 'post') responses['422'] = errorAnswer('The gate refuses the ticket (the reason is the message)');
    responses['429'] = {
      description: 'Too many requests for this token',
      headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
      content: { 'application/json': { schema: ref('Error') } },
    };
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.path.split('/')[1]!],
      security: [{ bearer: [] }],
      'x-scope': op.scope,
      ...(parameters.length > 0 && { parameters }),
      ...(op.body && {
        requestBody: { required: true, content: { 'application/json': { schema: ref(op.body) } } },
      }),
      responses,
    };
  }
  built = {
    openapi: '3.1.0',
    info: {
      title: 'TDK Sports API',
      version: `1 (${VERSION})`,
      summary: "An organisation's own events, orders, attendees and check-ins.",
      description: `Send an API token made in the console (Settings → API tokens) as \`Authorization: Bearer <token>\`. Scopes: ${API_TOKEN_SCOPES.join(', ')}. Lists are pages of at most ${V1_MAX_LIMIT} in id order: follow \`next_cursor\` until it is null; \`updated_since\` keeps a copy in step. Errors are \`{ "error": { "code", "message", "fields"? } }\`. Each token has a per-minute limit, reported in the RateLimit and RateLimit-Policy headers.`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/api/v1' }],
    tags: [
      { name: 'events', description: 'Events and their ticket types.' },
      { name: 'orders', description: 'Orders with their attendees, payments and refunds.' },
      { name: 'attendees', description: 'One person per ticket sold.' },
      { name: 'check-ins', description: 'Admissions at the gate.' },
    ],
    security: [{ bearer: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API token: tdk_…' } },
    },
  };
  return built;
}
