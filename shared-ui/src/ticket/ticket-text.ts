// The words and links of a ticket (SPEC.md sections 2, 5 and 7), kept apart from the component so
// that the console, the attendee's page and their tests share them.
import type { Registration } from '@tdk/api/contract';
import { formatRupees, formatTime12, formatWeekdayDate } from '@tdk/shared-ui';

/** A medical note is shown (in red) when there is one and it is not 'None'. */
export const hasMedicalNote = (text: string | null | undefined): text is string =>
  Boolean(text?.trim()) && text!.trim().toLowerCase() !== 'none';

export const participantName = (registration: Registration) =>
  `${registration.participantInfo.firstName} ${registration.participantInfo.lastName}`.trim();

/** The ticket as plain text: the message of WhatsApp, e-mail, the share sheet and the clipboard. */
export function ticketSummary(registration: Registration, platformName: string): string {
  return [
    `${platformName}: your ticket for ${registration.eventName}`,
    `Registration: ${registration.registrationNumber}`,
    `Participant: ${participantName(registration)}`,
    `Date: ${formatWeekdayDate(registration.eventDate)} at ${formatTime12(registration.eventTime)}`,
    `Venue: ${registration.eventVenue}`,
    `Ticket: ${registration.ticketName} × ${registration.quantity} (${formatRupees(registration.amount)})`,
    `Ticket code: ${registration.qrCode}`,
    'Please arrive at least 30 minutes before the start and show this ticket at the entrance.',
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
export const TICKET_COPIED = 'Ticket details copied to clipboard!';
export const PDF_FAILED = 'Error generating PDF. Please try again.';
