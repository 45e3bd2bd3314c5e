// The words and links of a ticket (SPEC.md sections 2, 5 and 7), kept apart from the component so
// that the console, the attendee's page and their tests share them.
import type { Registration } from '@tdk/api/contract';
import { formatsFor, translator, type Formats, type Translate } from '@tdk/shared-ui';

/** A medical note is shown (in red) when there is one and it is not 'None'. */
export const hasMedicalNote = (text: string | null | undefined): text is string =>
  Boolean(text?.trim()) && text!.trim().toLowerCase() !== 'none';

export const participantName = (registration: Registration) =>
  `${registration.participantInfo.firstName} ${registration.participantInfo.lastName}`.trim();

/**
 * The ticket as plain text: the message of WhatsApp, e-mail, the share sheet and the clipboard;
 * in English unless given the words (`t`, shared-ui's 'common') and formats of another language.
 */
export function ticketSummary(
  registration: Registration,
  platformName: string,
  t: Translate = translator('en', 'common'),
  formats: Formats = formatsFor('en'),
): string {
  return [
    t('ticket.summaryHeading', { platformName, eventName: registration.eventName }),
    t('ticket.summaryRegistration', { number: registration.registrationNumber }),
    t('ticket.summaryParticipant', { name: participantName(registration) }),
    t('ticket.summaryDate', { date: formats.weekdayDate(registration.eventDate), time: formats.time(registration.eventTime) }),
    t('ticket.summaryVenue', { venue: registration.eventVenue }),
    t('ticket.summaryTicket', {
      ticket: registration.ticketName,
      quantity: registration.quantity,
      amount: formats.rupees(registration.amount),
    }),
    t('ticket.summaryCode', { code: registration.qrCode }),
    t('ticket.summaryArrive'),
  ].join('\n');
}

/** WhatsApp wants the number with its country code; a 10-digit Indian number gets 91 in front. */
const withIndiaCode = (number: string) => (/^\d{10}$/.test(number) ? `91${number}` : number);

/** The ticket dialog's WhatsApp share: every non-digit of the phone is dropped (SPEC.md section 5). */
export function ticketWhatsAppLink(phone: string, text: string): string {
  return `https://wa.me/${withIndiaCode(phone.replace(/\D/g, ''))}?text=${encodeURIComponent(text)}`;
}

/** The console's Send WhatsApp: only a plus sign is dropped from the phone (SPEC.md section 5). */
export function adminWhatsAppLink(phone: string, text: string): string {
  return `https://wa.me/${withIndiaCode(phone.replace(/\+/g, ''))}?text=${encodeURIComponent(text)}`;
}

/** The console's Send Email: a mailto with subject and body for the participant. */
export function ticketMailto(registration: Registration, platformName: string): string {
  const subject = `Your ticket for ${registration.eventName} (${registration.registrationNumber})`;
  return `mailto:${registration.participantInfo.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(
    ticketSummary(registration, platformName),
  )}`;
}

export const EMAIL_NOT_CONFIGURED = 'Email functionality is not configured. Please contact administrator.';
