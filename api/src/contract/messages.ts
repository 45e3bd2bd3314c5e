// Messages to an event's registrants (issue 44, decision 072; DESIGN.md section 3, "race week"):
//   POST /api/admin/events/:id/messages  { subject, body: { en, hi?, mr? }, channels, audience?, sendAt? }
//                                        → 201 { id, recipients } (recipients: how many it goes to)
//   GET  /api/admin/events/:id/messages  → { messages: EventMessageSummary[] } (newest first)
//   GET  /api/admin/events/:id/messages/:messageId → { message, recipients: MessageRecipientView[] }
//   POST /api/messages/unsubscribe        { token } → { unsubscribed: true } (public: the e-mail's link)
// The console's form and the routes validate with these schemas; the answers have these shapes.
import { z } from 'zod';
import { REGISTRATION_STATUSES } from './constants';
import { LANGUAGES, type Language } from './language';

export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** A message as a whole: waiting for its time, being handed to the outbox, every recipient handled. */
export const MESSAGE_STATES = ['queued', 'sending', 'sent'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/**
 * A recipient's e-mail: `pending` (not handed over yet), `queued` (in the outbox), then the outbox
 * row's own `sent` or `failed`; or never sent: `unsubscribed` (opted out of announcements),
 * `no_address`, `duplicate` (another attendee of the message has the same address and gets it once),
 * `not_requested` (the message is not sent by e-mail).
 */
export const EMAIL_DELIVERY_STATES = [
  'pending',
  'queued',
  'sent',
  'failed',
  'unsubscribed',
  'no_address',
  'duplicate',
  'not_requested',
] as const;
export type EmailDeliveryState = (typeof EMAIL_DELIVERY_STATES)[number];

/** WhatsApp is not sent yet (decision 072): every recipient's WhatsApp state is `not_requested` or `unavailable`. */
export const WHATSAPP_DELIVERY_STATES = ['not_requested', 'unavailable'] as const;
export type WhatsappDeliveryState = (typeof WHATSAPP_DELIVERY_STATES)[number];

/** The largest audience one message may have (the issue's 50,000 and room to spare). */
export const MAX_MESSAGE_RECIPIENTS = 100_000;
/** How far in the past a "send at" may lie and still mean "now" (a slow form, a clock a little off). */
export const SEND_AT_GRACE_MS = 60_000;

export const MESSAGE_MESSAGES = {
  subjectRequired: 'Enter a subject',
  subjectTooLong: 'The subject must be at most 150 characters',
  bodyRequired: 'Write the message in English (it is sent to anyone whose language has no text)',
  bodyTooLong: 'The message must be at most 5,000 characters',
  channelsRequired: 'Choose at least one channel',
  whatsappUnavailable: 'WhatsApp messages are not available yet: send this one by e-mail',
  sendAtInvalid: 'Enter the time to send as a date and time',
  sendAtPast: 'The time to send is in the past: choose a later time or send now',
  languageWithoutBody: 'The audience includes a language with no text: write it or leave the language out',
  emptyAudience: 'Nobody matches this audience: widen the filters',
  tooManyRecipients: 'This audience is larger than 100,000 people: narrow the filters',
  notFound: 'Message not found',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
} as const;

const bodyText = z.string().trim().max(5000, MESSAGE_MESSAGES.bodyTooLong);

export const messageAudienceSchema = z.object({
  ticketIds: z.array(z.number().int().positive()).max(200).optional(),
  statuses: z.array(z.enum(REGISTRATION_STATUSES)).max(REGISTRATION_STATUSES.length).optional(),
  /** true: admitted on the entry list; false: not admitted; absent: either. */
  checkedIn: z.boolean().optional(),
  /** The buyer's language as the order stored it (decision 019). */
  languages: z.array(z.enum(LANGUAGES)).max(LANGUAGES.length).optional(),
});
export type MessageAudience = z.infer<typeof messageAudienceSchema>;

export const createMessageSchema = z
  .object({
    subject: z
      .string({ error: MESSAGE_MESSAGES.subjectRequired })
      .trim()
      .min(1, MESSAGE_MESSAGES.subjectRequired)
      .max(150, MESSAGE_MESSAGES.subjectTooLong),
    body: z.object(
      {
        en: z
          .string({ error: MESSAGE_MESSAGES.bodyRequired })
          .trim()
          .min(1, MESSAGE_MESSAGES.bodyRequired)
          .max(5000, MESSAGE_MESSAGES.bodyTooLong),
        hi: bodyText.optional(),
        mr: bodyText.optional(),
      },
      { error: MESSAGE_MESSAGES.bodyRequired },
    ),
    channels: z
      .array(z.enum(MESSAGE_CHANNELS), { error: MESSAGE_MESSAGES.channelsRequired })
      .min(1, MESSAGE_MESSAGES.channelsRequired)
      .transform((channels) => MESSAGE_CHANNELS.filter((c) => channels.includes(c)))
      .refine((channels) => !channels.includes('whatsapp'), MESSAGE_MESSAGES.whatsappUnavailable),
    audience: messageAudienceSchema.optional(),
    sendAt: z.iso.datetime({ offset: true, error: MESSAGE_MESSAGES.sendAtInvalid }).optional(),
  })
  .superRefine((value, ctx) => {
    for (const language of value.audience?.languages ?? []) {
      if (language !== 'en' && !value.body[language]) {
        ctx.addIssue({ code: 'custom', path: ['body', language], message: MESSAGE_MESSAGES.languageWithoutBody });
      }
    }
  });
export type CreateMessageInput = z.input<typeof createMessageSchema>;
export type CreateMessage = z.output<typeof createMessageSchema>;

export const messageParamSchema = z.object({
  id: z.coerce.number().int().positive(),
  messageId: z.coerce.number().int().positive(),
});

export const unsubscribeSchema = z.object({ token: z.string().trim().min(1).max(400) });

export type MessageBodies = { en: string; hi?: string; mr?: string };

export interface CreateMessageResponse {
  id: number;
  /** How many attendees the message goes to (each recipient row, duplicates and opted-out included). */
  recipients: number;
}

export interface EventMessageSummary {
  id: number;
  subject: string;
  body: MessageBodies;
  channels: MessageChannel[];
  audience: MessageAudience;
  sendAt: string;
  state: MessageState;
  recipientCount: number;
  createdBy: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface MessageRecipientView {
  id: number;
  registrationId: number;
  ticketNumber: string;
  name: string;
  email: string;
  phone: string;
  language: Language;
  emailState: EmailDeliveryState;
  emailSentAt: string | null;
  whatsappState: WhatsappDeliveryState;
  error: string | null;
}

export interface EventMessageDetail {
  message: EventMessageSummary;
  recipients: MessageRecipientView[];
}

export interface UnsubscribeResponse {
  unsubscribed: true;
}
