// An organisation's webhooks (issue 45, decision 064). Three parts:
//   - endpoints: created, listed, changed and deleted by the organisation's admins
//     (routes/admin-webhooks.ts), each with a Standard Webhooks signing secret sealed at rest;
//   - the outbox: recordWebhookEvent, called by the service that makes a change inside its own
//     transaction, writes one delivery row per subscribed endpoint, so that the change and its
//     deliveries are committed together or not at all, and nothing is sent from the request;
//   - the worker: deliverWebhooks, run by jobs/scheduler.ts on every instance, claims due rows with
//     one conditional statement (as the e-mail outbox does), signs each body with the
//     `standardwebhooks` library and POSTs it, retrying on the schedule of contract/webhooks.ts for
//     three days. An endpoint that fails for the whole window (or answers 410 Gone) is disabled.
// Decision 074: a rotated secret keeps signing beside the new one for 24 hours (two v1 signatures,
// chosen at send time), and the retention job prunes finished deliveries (pruneWebhookDeliveries).
import { randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_SECRET_OVERLAP_MS,
  WEBHOOK_TIMEOUT_MS,
  type RotatedWebhookSecret,
  webhookRetryDelayMs,
  type CreateWebhookInput,
  type WebhookAttempt,
  type WebhookDeliveryState,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEventType,
} from '../contract/webhooks';
import type { Database, Db } from '../db/client';
import { forUpdateSkipLocked } from '../db/functions';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';
import type { Env } from '../env';
import type { KeyEnv } from '../signing/purpose-keys';
import { selfBaseUrl } from '../urls';
import { attendeeById, checkInById, eventById, orderDetail } from './api-v1';
import { recordAudit, type AuditEntryInput } from './audit';

export { recordWebhookEvent, recordOrderWebhookEvent } from './webhook-outbox';

type Actor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;

export class WebhookNotFound extends Error {
  constructor() {
    super('Webhook endpoint not found');
    this.name = 'WebhookNotFound';
  }
}

/** A new signing secret in Standard Webhooks' form: whsec_ and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const endpointView = (row: typeof webhookEndpoints.$inferSelect): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  status: row.disabledAt === null ? 'active' : row.disabledReason === 'failing' ? 'failing' : 'disabled',
  disabledAt: row.disabledAt,
  previousSecretExpiresAt:
    row.previousSecret && row.previousSecretExpiresAt && Date.parse(row.previousSecretExpiresAt) > Date.now()
      ? row.previousSecretExpiresAt
      : null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

async function endpointRow(db: Db, organisationId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organisationId, organisationId)));
  return row;
}

/** The organisation's endpoints, newest first. */
export async function listWebhookEndpoints(db: Db, organisationId: number): Promise<WebhookEndpointView[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organisationId, organisationId))
    .orderBy(desc(webhookEndpoints.id));
  return rows.map(endpointView);
}

/** Adds an endpoint, audited in the transaction; the answer holds the secret, shown once. */
export async function createWebhookEndpoint(
  tx: Db,
  organisationId: number,
  input: { url: string; events: WebhookEventType[]; description?: string },
  actor: Actor,
  now = new Date(),
): Promise<{ id: number; secret: string; endpoint: WebhookEndpointView }> {
  const secret = newWebhookSecret();
  const nowIso = now.toISOString();
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({
      organisationId,
      url: input.url,
      description: input.description ?? '',
      events: input.events,
      secret,
      createdByUserId: actor.actorUserId,
      createdAt: nowIso,
      updatedAt: nowIso,
    })
    .returning();
  await recordAudit(tx, {
    ...actor,
    organisationId,
    action: 'create',
    entity: 'webhook_endpoint',
    entityId: row!.id,
    detail: { url: input.url, events: input.events },
  });
  return { id: row!.id, secret, endpoint: endpointView(row!) };
}

/** Changes an endpoint's URL, events or description, or disables or enables it; audited. */
export async function updateWebhookEndpoint(
  tx: Db,
  organisationId: number,
  id: number,
  input: { url?: string; events?: WebhookEventType[]; description?: string; enabled?: boolean },
  actor: Actor,
  now = new Date(),
): Promise<WebhookEndpointView> {
  const before = await endpointRow(tx, organisationId, id);
  if (!before) throw new WebhookNotFound();
  const set: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: now.toISOString() };
  if (input.url !== undefined) set.url = input.url;
  if (input.events !== undefined) set.events = input.events;
  if (input.description !== undefined) set.description = input.description;
  if (input.enabled === true) Object.assign(set, { disabledAt: null, disabledReason: null });
  if (input.enabled === false && before.disabledAt === null)
    Object.assign(set, { disabledAt: now.toISOString(), disabledReason: 'manual' });
  const [row] = await tx
    .update(webhookEndpoints)
    .set(set)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organisationId, organisationId)))
    .returning();
  const { updatedAt: _u, ...changed } = set;
  await recordAudit(tx, {
    ...actor,
    organisationId,
    action: 'update',
    entity: 'webhook_endpoint',
    entityId: id,
    detail: changed,
  });
  return endpointView(row!);
}

/** Deletes an endpoint and its delivery log; audited. */
export async function deleteWebhookEndpoint(tx: Db, organisationId: number, id: number, actor: Actor): Promise<void> {
  const [row] = await tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organisationId, organisationId)))
    .returning({ url: webhookEndpoints.url });
  if (!row) throw new WebhookNotFound();
  await recordAudit(tx, {
    ...actor,
    organisationId,
    action: 'delete',
    entity: 'webhook_endpoint',
    entityId: id,
    detail: { url: row.url },
  });
}

/**
 * Gives the endpoint a new signing secret (decision 074), audited in the transaction (never the
 * secret). The old one stays valid beside it for WEBHOOK_SECRET_OVERLAP_MS: until then every delivery,
 * queued ones included (they are signed when sent), carries both signatures. The answer holds the new
 * secret, shown once. A second rotation within the overlap drops the oldest secret at once.
 */
export async function rotateWebhookSecret(
  tx: Db,
  organisationId: number,
  id: number,
  actor: Actor,
  now = new Date(),
): Promise<RotatedWebhookSecret> {
  const before = await endpointRow(tx, organisationId, id);
  if (!before) throw new WebhookNotFound();
  const secret = newWebhookSecret();
  const previousSecretExpiresAt = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS).toISOString();
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ secret, previousSecret: before.secret, previousSecretExpiresAt, updatedAt: now.toISOString() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organisationId, organisationId)))
    .returning();
  await recordAudit(tx, {
    ...actor,
    organisationId,
    action: 'rotate_secret',
    entity: 'webhook_endpoint',
    entityId: id,
    detail: { previousSecretExpiresAt },
  });
  return { id, secret, previousSecretExpiresAt, endpoint: endpointView(row!) };
}

/**
 * The webhook-signature header for a body sent at `sentAt`: `v1,<sig>` with the current secret and,
 * while the previous one is within its overlap, a second `v1,<sig>` with it, space-separated
 * (Standard Webhooks: a receiver accepts the message if any signature verifies).
 */
export function webhookSignature(
  endpoint: Pick<typeof webhookEndpoints.$inferSelect, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  messageId: string,
  sentAt: Date,
  payload: string,
  now: Date = sentAt,
): string {
  const signatures = [new Webhook(endpoint.secret).sign(messageId, sentAt, payload)];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && Date.parse(endpoint.previousSecretExpiresAt) > now.getTime())
    signatures.push(new Webhook(endpoint.previousSecret).sign(messageId, sentAt, payload));
  return signatures.join(' ');
}

const deliveryView = (row: typeof webhookDeliveries.$inferSelect): WebhookDeliveryView => ({
  id: row.id,
  messageId: row.messageId,
  eventType: row.eventType as WebhookEventType,
  resourceId: row.resourceId,
  state: row.state as WebhookDeliveryState,
  attemptCount: row.attemptCount,
  attempts: row.attempts,
  nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt : null,
  createdAt: row.createdAt,
});

/** The endpoint's delivery log, newest first (the last 100). */
export async function listWebhookDeliveries(db: Db, organisationId: number, endpointId: number): Promise<WebhookDeliveryView[]> {
  if (!(await endpointRow(db, organisationId, endpointId))) throw new WebhookNotFound();
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(100);
  return rows.map(deliveryView);
}

/**
 * Sends a delivery again now (same message id and body, so a receiver that keeps ids sees a
 * repeat), with a fresh retry window; audited. Another organisation's endpoint or delivery: WebhookNotFound.
 */
export async function redeliverWebhook(
  tx: Db,
  organisationId: number,
  endpointId: number,
  deliveryId: number,
  actor: Actor,
  now = new Date(),
): Promise<WebhookDeliveryView> {
  if (!(await endpointRow(tx, organisationId, endpointId))) throw new WebhookNotFound();
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ state: 'pending', nextAttemptAt: now.toISOString(), createdAt: now.toISOString(), updatedAt: now.toISOString() })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .returning();
  if (!row) throw new WebhookNotFound();
  await recordAudit(tx, {
    ...actor,
    organisationId,
    action: 'redeliver',
    entity: 'webhook_endpoint',
    entityId: endpointId,
    detail: { deliveryId, messageId: row.messageId, eventType: row.eventType },
  });
  return deliveryView(row);
}

/** Finished deliveries dropped per statement of the retention job (decision 074), so its transaction stays short. */
const PRUNE_BATCH = 500;

/**
 * Drops up to PRUNE_BATCH of the organisation's finished deliveries (succeeded or failed for good)
 * created more than `retentionDays` days ago: their sealed payloads hold buyers' contacts, kept no
 * longer than the organisation's retention period (decisions 030, 056). Pending ones stay. Run by
 * the retention job (jobs/scheduler.ts retentionTurn) until it drops nothing.
 */
export async function pruneWebhookDeliveries(
  tx: Db,
  organisationId: number,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const due = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookEndpoints.organisationId, organisationId),
        inArray(webhookDeliveries.state, ['succeeded', 'failed']),
        lt(webhookDeliveries.createdAt, cutoff),
      ),
    )
    .limit(PRUNE_BATCH);
  if (due.length === 0) return 0;
  await tx.delete(webhookDeliveries).where(
    inArray(
      webhookDeliveries.id,
      due.map((row) => row.id),
    ),
  );
  return due.length;
}

/** The event's `data`: the /api/v1 resource it names, as the API answers it now (null when it is gone). */
async function resourceOf(db: Db, env: WebhookDeps['env'], type: string, resourceId: string): Promise<unknown> {
  // Results have no /api/v1 resource yet: the event's id and its public results' address (decision 074).
  if (type === 'results.published')
    return { eventId: Number(resourceId), url: `${selfBaseUrl(env)}/api/events/${Number(resourceId)}/results` };
  if (type.startsWith('order.')) return (await orderDetail(db, env, resourceId)) ?? null;
  const numeric = Number(resourceId);
  if (type.startsWith('attendee.')) return (await attendeeById(db, env, numeric)) ?? null;
  if (type.startsWith('check-in.')) return (await checkInById(db, numeric)) ?? null;
  if (type.startsWith('event.')) return (await eventById(db, numeric)) ?? null;
  return null;
}

// --- Where a delivery may go (no server-side request forgery) ---

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an address is private, loopback, link-local, multicast or otherwise not the public internet's. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
    return PRIVATE.check(address, 'ipv6');
  }
  return true;
}

export class RefusedWebhookUrl extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedWebhookUrl';
  }
}

/** Every address a name resolves to must be public; the connection uses the address checked (no DNS rebinding). */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as unknown as LookupAddress[];
    const refused = list.find((a) => isPrivateAddress(a.address));
    if (refused || list.length === 0)
      return callback(new RefusedWebhookUrl(`Refused: ${hostname} resolves to a private address`), '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

export interface WebhookSendPolicy {
  /** http:// and private addresses allowed (outside production; WEBHOOK_ALLOW_PRIVATE_URLS). */
  allowPrivate: boolean;
  timeoutMs?: number;
}

interface PostAnswer {
  status: number | null;
  excerpt: string;
}

const EXCERPT_CHARS = 200;

/** POSTs the body; a redirect is an answer like any other (never followed). Never throws. */
function post(url: string, headers: Record<string, string>, body: string, policy: WebhookSendPolicy): Promise<PostAnswer> {
  return new Promise((resolve) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return resolve({ status: null, excerpt: 'Refused: not a URL' });
    }
    if (parsed.protocol !== 'https:' && !(policy.allowPrivate && parsed.protocol === 'http:'))
      return resolve({ status: null, excerpt: 'Refused: only https:// URLs are sent to' });
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (!policy.allowPrivate && (isIP(host) ? isPrivateAddress(host) : host === 'localhost' || host.endsWith('.localhost')))
      return resolve({ status: null, excerpt: 'Refused: a private or loopback address' });
    let settled = false;
    const done = (answer: PostAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const request = (parsed.protocol === 'https:' ? httpsRequest : httpRequest)(
      parsed,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        ...(policy.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response: IncomingMessage) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.length >= EXCERPT_CHARS) {
            response.destroy();
            done({ status: response.statusCode ?? null, excerpt: text.slice(0, EXCERPT_CHARS) });
          }
        });
        response.on('end', () => done({ status: response.statusCode ?? null, excerpt: text.slice(0, EXCERPT_CHARS) }));
        response.on('error', () => done({ status: response.statusCode ?? null, excerpt: text.slice(0, EXCERPT_CHARS) }));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      done({ status: null, excerpt: `No answer within ${Math.round((policy.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000)} s` });
    }, policy.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    request.on('error', (error) => done({ status: null, excerpt: error.message.slice(0, EXCERPT_CHARS) }));
    request.end(body);
  });
}

// --- The worker ---

/** A claimed row is left to its worker this long (past the timeout); a crashed worker's rows come back. */
const CLAIM_LEASE_MS = WEBHOOK_TIMEOUT_MS + 50_000;
/** At most this many attempts are kept in a delivery's log. */
const ATTEMPTS_KEPT = 20;

export interface WebhookRun {
  succeeded: number;
  retrying: number;
  failed: number;
}

export interface WebhookDeps {
  db: Database;
  env: KeyEnv & Pick<Env, 'publicUrl' | 'port'> & { webhookAllowPrivateUrls: boolean };
}

/** Sends every due delivery once (up to `limit`, several at a time); safe to run from several instances. */
export async function deliverWebhooks(
  deps: WebhookDeps,
  options: { now?: Date; limit?: number; timeoutMs?: number; parallel?: number } = {},
): Promise<WebhookRun> {
  const { db, env } = deps;
  const now = options.now ?? new Date();
  const nowIso = now.toISOString();
  const run: WebhookRun = { succeeded: 0, retrying: 0, failed: 0 };
  const due = await db.query((q) =>
    q
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
      .where(
        inArray(
          webhookDeliveries.id,
          forUpdateSkipLocked(
            q
              .select({ id: webhookDeliveries.id })
              .from(webhookDeliveries)
              .where(and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, nowIso)))
              .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
              .limit(options.limit ?? 50),
          ),
        ),
      )
      .returning(),
  );
  if (due.length === 0) return run;
  due.sort((a, b) => a.id - b.id);
  const endpointIds = [...new Set(due.map((row) => row.endpointId))];
  const endpoints = new Map(
    (await db.query((q) => q.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, endpointIds)))).map((e) => [
      e.id,
      e,
    ]),
  );
  const policy: WebhookSendPolicy = { allowPrivate: env.webhookAllowPrivateUrls, timeoutMs: options.timeoutMs };
  const queue = [...due];
  const workers = Array.from({ length: Math.min(options.parallel ?? 8, queue.length) }, async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const outcome = await deliverOne(deps, row, endpoints.get(row.endpointId), policy, now);
      run[outcome]++;
    }
  });
  await Promise.all(workers);
  return run;
}

async function deliverOne(
  deps: WebhookDeps,
  row: typeof webhookDeliveries.$inferSelect,
  endpoint: typeof webhookEndpoints.$inferSelect | undefined,
  policy: WebhookSendPolicy,
  now: Date,
): Promise<keyof WebhookRun> {
  const { db, env } = deps;
  const started = Date.now();
  // The body as first sent: built once, from the /api/v1 resource, and kept for every retry.
  let payload = row.payload;
  if (payload === null) {
    const data = await db.query((q) => resourceOf(q, env, row.eventType, row.resourceId));
    payload = JSON.stringify({ type: row.eventType, timestamp: row.createdAt, data });
  }
  let answer: PostAnswer;
  if (!endpoint || endpoint.disabledAt !== null) {
    answer = { status: null, excerpt: 'Not sent: the endpoint is disabled' };
  } else {
    // Signed now, with the secrets current now (a rotation since the row was queued is honoured);
    // the worker's clock (`now`) decides whether the previous secret's overlap is over.
    const sentAt = new Date();
    const signature = webhookSignature(endpoint, row.messageId, sentAt, payload, now);
    answer = await post(
      endpoint.url,
      {
        'webhook-id': row.messageId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
        'user-agent': 'tdk-webhooks/1',
      },
      payload,
      policy,
    );
  }
  const attempt: WebhookAttempt = {
    at: now.toISOString(),
    status: answer.status,
    excerpt: answer.excerpt,
    durationMs: Date.now() - started,
  };
  const attempts = [...row.attempts, attempt].slice(-ATTEMPTS_KEPT);
  const attemptCount = row.attemptCount + 1;
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const gone = answer.status === 410;
  const windowEnds = Date.parse(row.createdAt) + WEBHOOK_RETRY_WINDOW_MS;
  const nextAt = now.getTime() + webhookRetryDelayMs(attemptCount);
  const disabled = !endpoint || endpoint.disabledAt !== null;
  const state: WebhookDeliveryState = ok ? 'succeeded' : gone || disabled || nextAt > windowEnds ? 'failed' : 'pending';
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        payload,
        state,
        attemptCount,
        attempts,
        nextAttemptAt: state === 'pending' ? new Date(nextAt).toISOString() : null,
        updatedAt: now.toISOString(),
      })
      .where(eq(webhookDeliveries.id, row.id));
    if (state === 'failed' && endpoint && !disabled) await disableWhenFailing(tx, endpoint, gone, row.createdAt, now);
  });
  return ok ? 'succeeded' : state === 'failed' ? 'failed' : 'retrying';
}

/**
 * After a delivery failed for good: an endpoint that answered 410 Gone, or that no delivery
 * reached while this one was retried (its whole retry window), is disabled (status `failing` in the
 * console, audited as the system).
 */
async function disableWhenFailing(
  tx: Db,
  endpoint: typeof webhookEndpoints.$inferSelect,
  gone: boolean,
  since: string,
  now: Date,
) {
  if (!gone) {
    const [reached] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.state, 'succeeded'),
          gt(webhookDeliveries.updatedAt, since),
        ),
      )
      .limit(1);
    if (reached) return;
  }
  const disabled = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: now.toISOString(), disabledReason: 'failing', updatedAt: now.toISOString() })
    .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  if (disabled.length > 0)
    await recordAudit(tx, {
      actorUserId: null,
      actorEmail: 'system',
      organisationId: endpoint.organisationId,
      action: 'disable',
      entity: 'webhook_endpoint',
      entityId: endpoint.id,
      detail: { url: endpoint.url, reason: gone ? 'The endpoint answered 410 Gone' : 'Every delivery failed for three days' },
    });
}

export type { CreateWebhookInput };
