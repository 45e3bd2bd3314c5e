// An organisation's webhook endpoints (issue 45, decision 064): the console's form and the admin
// routes validate with these schemas, and the answers have these shapes.
//   GET    /api/admin/webhooks                         → { endpoints: WebhookEndpointView[] }
//   POST   /api/admin/webhooks                         { url, events, description? } → 201 { id, secret, endpoint }
//   PATCH  /api/admin/webhooks/:id                     { url?, events?, description?, enabled? } → { endpoint }
//   DELETE /api/admin/webhooks/:id                     → 204
//   GET    /api/admin/webhooks/:id/deliveries          → { deliveries: WebhookDeliveryView[] }
//   POST   /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver → { delivery }
//   POST   /api/admin/webhooks/:id/rotate-secret       → { id, secret, previousSecretExpiresAt, endpoint }
//          (decision 074: the new whsec_ secret once; for 24 hours every delivery carries two
//          signatures, `v1,<new> v1,<previous>`, in webhook-signature, then only the new one)
import { z } from 'zod';
import { plainText } from './registration';

/**
 * The events an endpoint subscribes to. `data` of each is the /api/v1 resource it names:
 * order.* an OrderDetail, attendee.* an Attendee, check-in.* a CheckIn, event.* an Event;
 * results.published `{ eventId, url }` (the event's public results page; decision 074).
 */
export const WEBHOOK_EVENT_TYPES = [
  // By resource, as the console lists them (decision 074 added all but five).
  'order.paid',
  'order.refunded',
  'order.cancelled',
  'attendee.created',
  'attendee.updated',
  'attendee.transferred',
  'attendee.cancelled',
  'check-in.created',
  'event.published',
  'event.updated',
  'event.postponed',
  'event.cancelled',
  'results.published',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the URL to send events to',
  urlInvalid: 'Enter a full URL starting with https://',
  urlTooLong: 'The URL must be at most 2000 characters',
  eventsRequired: 'Choose at least one event',
  descriptionTooLong: 'The description must be at most 200 characters',
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  shownOnce: 'Copy this signing secret now: you will not see it again.',
} as const;

const urlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(2000, WEBHOOK_MESSAGES.urlTooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.urlInvalid);

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Events are ${WEBHOOK_EVENT_TYPES.join(', ')}` }), {
    error: WEBHOOK_MESSAGES.eventsRequired,
  })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

const descriptionSchema = plainText().trim().max(200, WEBHOOK_MESSAGES.descriptionTooLong);

/** POST /api/admin/webhooks; the console's "Add endpoint" form. */
export const createWebhookSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  description: descriptionSchema.optional(),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

/** PATCH /api/admin/webhooks/:id: change the URL, events or description, or switch it off and on. */
export const updateWebhookSchema = z
  .object({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    description: descriptionSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>;

export const webhookDeliveryParamSchema = z.object({
  id: z.coerce.number().int().positive(),
  deliveryId: z.coerce.number().int().positive(),
});

export type WebhookEndpointStatus = 'active' | 'disabled' | 'failing';

export interface WebhookEndpointView {
  id: number;
  url: string;
  description: string;
  events: WebhookEventType[];
  /** active; disabled by an admin; failing: switched off after failing for the whole retry window. */
  status: WebhookEndpointStatus;
  disabledAt: string | null;
  /** While a rotated-out secret still signs beside the new one (decision 074): when it stops; else null. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreatedWebhook {
  id: number;
  /** Standard Webhooks' whsec_<base64>: shown once, never again. */
  secret: string;
  endpoint: WebhookEndpointView;
}

/** POST /api/admin/webhooks/:id/rotate-secret's answer (decision 074). */
export interface RotatedWebhookSecret {
  id: number;
  /** The new whsec_ secret: shown once, never again. */
  secret: string;
  /** Until then deliveries are signed with the previous secret too. */
  previousSecretExpiresAt: string;
  endpoint: WebhookEndpointView;
}

/** How long a rotated-out secret keeps signing beside the new one (decision 074). */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;

/** One try of a delivery, as the delivery log lists it. */
export interface WebhookAttempt {
  at: string;
  /** The receiver's HTTP status; null when there was no answer (a timeout, a refused connection, a refused address). */
  status: number | null;
  /** The first characters of the answer, or what went wrong. */
  excerpt: string;
  durationMs: number;
}

export type WebhookDeliveryState = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryView {
  id: number;
  messageId: string;
  eventType: WebhookEventType;
  /** The id of the resource the event is about (payload id). */
  resourceId: string;
  state: WebhookDeliveryState;
  attemptCount: number;
  attempts: WebhookAttempt[];
  nextAttemptAt: string | null;
  createdAt: string;
}

/**
 * The retry schedule after each failed attempt (Standard Webhooks' recommendation): 5 s, 5 min,
 * 30 min, 2 h, 5 h, then every 10 h until three days have passed since the event; then it failed.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000] as const;
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 3_600_000;
/** A receiver answers within this or the attempt failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The wait after the attempt numbered `attempts` (1 = the first) failed. */
export const webhookRetryDelayMs = (attempts: number) =>
  WEBHOOK_RETRY_DELAYS_MS[Math.min(attempts, WEBHOOK_RETRY_DELAYS_MS.length) - 1]!;
