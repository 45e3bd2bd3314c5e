// The words and links of a ticket (SPEC.md sections 2, 5 and 7), kept apart from the component so
// that the console, the attendee's page and their tests share them.
import { eventNotesFor, type Language, type Registration } from '@tdk/api/contract';
import { formatsFor, translator, type Formats, type Translate } from '@tdk/shared-ui';

/** A medical note is shown (in red) when there is one and it is not 'None'. */
export const hasMedicalNote = (text: string | null | undefined): text is string =>
  Boolean(text?.trim()) && text!.trim().toLowerCase() !== 'none';

export const participantName = (registration: Registration) =>
  `${registration.participantInfo.firstName} ${registration.participantInfo.lastName}`.trim();

/**
 * The name a ticket shows: the attendee's, or for an attendee of an order from before attendees
 * were recorded one by one (decision 021), that staff have still to complete the details.
 */
export const attendeeName = (registration: Registration, t: Translate = translator('en', 'common')) =>
  registration.detailsMissing ? t('ticket.detailsMissing') : participantName(registration);

/** 'Participant 2 of 3': the attendee's place in the order. */
export const participantOf = (registration: Registration, t: Translate = translator('en', 'common')) =>
  t('ticket.participantOf', { position: registration.position, count: registration.orderSize });

/** What this attendee's ticket cost ('Free' for nothing). */
export const pricePaid = (registration: Registration, t: Translate, formats: Formats) =>
  registration.amount === 0 ? t('price.free') : formats.rupees(registration.amount);

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
    t('ticket.summaryBooking', { reference: registration.bookingReference, participant: participantOf(registration, t) }),
    t('ticket.summaryParticipant', { name: attendeeName(registration, t) }),
    t('ticket.summaryDate', { date: formats.weekdayDate(registration.eventDate), time: formats.time(registration.eventTime) }),
    t('ticket.summaryVenue', { venue: registration.eventVenue }),
    t('ticket.summaryTicket', { ticket: registration.ticketName, amount: pricePaid(registration, t, formats) }),
    t('ticket.summaryCode', { code: registration.qrCode }),
    ...ticketNotes(registration, formats.language),
    t('ticket.presentTicket'),
  ].join('\n');
}

/** The tickets of a link as one text: each attendee's summary, a blank line between. */
export const ticketsSummary = (
  tickets: readonly Registration[],
  platformName: string,
  t: Translate = translator('en', 'common'),
  formats: Formats = formatsFor('en'),
) => tickets.map((ticket) => ticketSummary(ticket, platformName, t, formats)).join('\n\n');

/** One labelled value of a ticket's PDF page. */
export interface TicketPdfField {
  label: string;
  value: string;
}

/** The words of one attendee's PDF page, in the ticket's language (ticket-pdf.ts draws them). */
export interface TicketPdfPage {
  platformName: string;
  heading: string;
  eventName: string;
  date: TicketPdfField;
  time: TicketPdfField;
  venue: TicketPdfField;
  /** The attendee's name, or that staff have still to complete the details. */
  attendee: TicketPdfField;
  detailsMissing: boolean;
  /** 'Participant 2 of 3'. */
  participant: string;
  /** The attendee's bib, when the event numbers their ticket type. */
  bib: TicketPdfField | null;
  ticketType: TicketPdfField;
  pricePaid: TicketPdfField;
  ticketNumber: TicketPdfField;
  bookingReference: TicketPdfField;
  /** The QR's value, printed under it too. */
  code: string;
  scanHint: string;
  /** The event's arrival and ID notes, in the ticket's language. */
  notes: string[];
}

/** One PDF page per attendee, in the order's order. */
export function ticketPdfPages(
  tickets: readonly Registration[],
  platformName: string,
  t: Translate = translator('en', 'common'),
  formats: Formats = formatsFor('en'),
): TicketPdfPage[] {
  return [...tickets]
    .sort((a, b) => a.position - b.position)
    .map((ticket) => ({
      platformName,
      heading: t('ticket.heading'),
      eventName: ticket.eventName,
      date: { label: t('ticket.date'), value: formats.weekdayDate(ticket.eventDate) },
      time: { label: t('ticket.time'), value: formats.time(ticket.eventTime) },
      venue: { label: t('ticket.venue'), value: ticket.eventVenue },
      attendee: { label: t('ticket.participant'), value: attendeeName(ticket, t) },
      detailsMissing: ticket.detailsMissing,
      participant: participantOf(ticket, t),
      // The start wave and its start time beside the bib (decision 068), when the race has waves.
      bib:
        ticket.bib === null
          ? null
          : {
              label: t('ticket.bib'),
              value: ticket.wave
                ? `${ticket.bib} · ${t('ticket.wave', { wave: ticket.wave.name, start: ticket.wave.start })}`
                : String(ticket.bib),
            },
      ticketType: { label: t('ticket.ticketType'), value: ticket.ticketName },
      pricePaid: { label: t('ticket.pricePaid'), value: pricePaid(ticket, t, formats) },
      ticketNumber: { label: t('ticket.ticketNumber'), value: ticket.registrationNumber },
      bookingReference: { label: t('ticket.bookingReference'), value: ticket.bookingReference },
      code: ticket.qrCode,
      scanHint: t('ticket.scanHint'),
      notes: ticketNotes(ticket, formats.language),
    }));
}

/**
 * The event's arrival and ID notes for a ticket, in `language` (contract `eventNotesFor`): the
 * event's own, or the defaults for an event at a venue when the ticket came without them.
 */
export const ticketNotes = (registration: Pick<Registration, 'eventNotes'>, language: Language): string[] =>
  eventNotesFor(registration.eventNotes ?? { arrivalNote: null, idNote: null, online: false }, language);

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
