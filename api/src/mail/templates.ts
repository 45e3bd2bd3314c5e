// The two e-mails of a registration (SPEC.md section 7): the participant's confirmation and the
// administrators' notification, each as HTML and text, with the same payload fields. The
// participant's is in the buyer's language (the order's, decision 019); the administrators' in English.
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, LANGUAGE_QUERY, type Language } from '../contract';
import { escapeHtml } from '../html/escape';
import { serverFormats, serverT } from '../i18n/messages';
import { toPaise, toRupees } from '../contract/money';

/** One attendee of the order, as the e-mails list them. */
export interface AttendeeLine {
  name: string;
  ticketName: string;
  /** Rupees: what this attendee's ticket cost. */
  ticketPrice: number;
  ticketNumber: string;
  /** The attendee's bib, when the event numbers their ticket type. */
  bib: number | null;
  /** The signed link to this attendee's own ticket. */
  ticketUrl: string;
  detailsMissing: boolean;
}

export interface RegistrationEmailPayload {
  /** The order's booking reference. */
  registrationNumber: string;
  eventName: string;
  eventDate: string;
  eventTime: string;
  eventVenue: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** Every attendee of the order, each with their own ticket type, price and ticket number. */
  attendees: AttendeeLine[];
  /** Rupees, the order's tickets (what the attendees paid); with `fees`, the buyer paid amount + fee + GST. */
  amount: number;
  /**
   * Decision 060, rupees: the convenience fee and its GST the buyer paid on top of the tickets, as
   * frozen at the sale; absent without one.
   */
  fees?: { quantity: number; fee: number; gstRate: number; gst: number };
  transactionId: string;
  paymentMethod: string;
  /** The signed link to the order's ticket page (every attendee's ticket). */
  ticketUrl: string;
  platformName: string;
  /** The buyer's language (the order's); English when absent. */
  language?: Language;
  /** My bookings (decision 023), where the buyer finds, changes or transfers their tickets. */
  bookingsUrl?: string;
  /** The event's arrival and ID notes, in the buyer's language (contract `eventNotesFor`). */
  notes: string[];
  /** Decision 031, rupees: the discounts taken, and the GST inside the amount when it was charged. */
  tax?: {
    discount: number;
    charged: boolean;
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
    localLabel: 'SGST' | 'UTGST';
  };
  /**
   * Decision 031: the order's tax invoice (its number) or, from an organiser without a GSTIN, its
   * payment receipt, each behind a signed link the buyer opens without signing in.
   */
  document?: OrderDocument;
  /** Decision 067: the platform's invoice for the convenience fee, when it issued one. */
  feeDocument?: { number: string; url: string };
}

/** A tax document of an order, as an e-mail links it. */
export type OrderDocument = { kind: 'invoice'; number: string; url: string } | { kind: 'receipt'; url: string };

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
export const formatRupees = (rupees: number) => (rupees === 0 ? 'Free' : INR.format(rupees));

// Made once: building an Intl formatter costs far more than using one, and every e-mail of a sale
// rush formats its event's day and time.
const EVENT_DATE = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const EVENT_TIME = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** 2026-03-15 → Sunday, 15 March 2026 (the date is Asia/Kolkata wall-clock already). */
export function formatEventDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return EVENT_DATE.format(parsed);
}

/** 18:30 → 6:30 pm */
export function formatEventTime(time: string): string {
  const match = /^(\d{2}):(\d{2})/.exec(time);
  if (!match) return time;
  const parsed = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return EVENT_TIME.format(parsed);
}

/** An event's day (YYYY-MM-DD) and time (HH:mm) as its e-mails write them in `language`. */
export const dayIn = (language: Language, date: string) =>
  language === 'en' ? formatEventDate(date) : serverFormats(language).date(date);
const timeIn = (language: Language, time: string) =>
  language === 'en' ? formatEventTime(time) : serverFormats(language).time(time);

function rows(p: RegistrationEmailPayload, language: Language = DEFAULT_LANGUAGE): [string, string][] {
  const t = serverT(language);
  return [
    [t('mail.bookingReference'), p.registrationNumber],
    [t('mail.event'), p.eventName],
    [t('mail.date'), dayIn(language, p.eventDate)],
    [t('mail.time'), timeIn(language, p.eventTime)],
    [t('mail.venue'), p.eventVenue],
    [t('mail.name'), p.customerName],
    ...feeRows(p, language),
    [
      t('mail.amountPaid'),
      rupeesIn(language, p.fees ? toRupees(toPaise(p.amount) + toPaise(p.fees.fee) + toPaise(p.fees.gst)) : p.amount),
    ],
    ...taxRows(p, language),
    ...(p.document?.kind === 'invoice' ? ([[t('mail.invoiceNumber'), p.document.number]] as [string, string][]) : []),
    [t('mail.transactionId'), p.transactionId || '—'],
    [t('mail.paymentMethod'), p.paymentMethod || '—'],
  ];
}

/** Decision 060: the tickets, then the convenience fee and its GST as their own lines, above the amount paid. */
function feeRows(p: RegistrationEmailPayload, language: Language): [string, string][] {
  if (!p.fees) return [];
  const t = serverT(language);
  return [
    [t('mail.ticketsAmount'), rupeesIn(language, p.amount)],
    [t('mail.convenienceFee', { count: p.fees.quantity }), rupeesIn(language, p.fees.fee)],
    [t('mail.convenienceFeeGst', { rate: p.fees.gstRate }), rupeesIn(language, p.fees.gst)],
  ];
}

/** The discount, and the taxable value and GST inside the amount paid (decision 031). */
function taxRows(p: RegistrationEmailPayload, language: Language): [string, string][] {
  const t = serverT(language);
  const tax = p.tax;
  if (!tax) return [];
  const money = (rupees: number) => rupeesIn(language, rupees);
  return [
    ...(tax.discount > 0 ? ([[t('mail.discount'), money(tax.discount)]] as [string, string][]) : []),
    ...(tax.charged
      ? ([
          [t('mail.taxableValue'), money(tax.taxable)],
          ...(tax.igst > 0
            ? [['IGST', money(tax.igst)]]
            : [
                ['CGST', money(tax.cgst)],
                [tax.localLabel, money(tax.sgst)],
              ]),
        ] as [string, string][])
      : []),
  ];
}

/**
 * A link to one of the storefront's pages (a ticket, My bookings, an invoice or receipt, decision 048)
 * opens it in the buyer's language (the query before the link's fragment).
 */
export function ticketUrlIn(url: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return url;
  const at = url.indexOf('#');
  const [path, fragment] = at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
  return `${path}${path.includes('?') ? '&' : '?'}${LANGUAGE_QUERY}=${language}${fragment}`;
}

export const table = (items: [string, string][]) =>
  `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;font:14px/1.4 Arial,sans-serif">${items
    .map(
      ([k, v]) =>
        `<tr><td style="color:#6b7280;padding-right:12px;vertical-align:top">${escapeHtml(k)}</td><td style="font-weight:600;overflow-wrap:anywhere;word-break:break-word">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>`;

export const textTable = (items: [string, string][]) => items.map(([k, v]) => `${k}: ${v}`).join('\n');

export const rupeesIn = (language: Language, rupees: number) =>
  language === 'en' ? formatRupees(rupees) : serverFormats(language).rupees(rupees);

const attendeeName = (a: AttendeeLine, language: Language) =>
  a.detailsMissing ? serverT(language)('mail.detailsMissing') : a.name;

/**
 * The order's attendees: who, which ticket, what it cost, their ticket number and link. One block
 * per attendee, its facts on lines of their own, not a row of five columns: on a 360 px phone a
 * grid of columns ran off the screen (issue 40); blocks fit any width and need no media query.
 */
function attendeeTable(attendees: AttendeeLine[], language: Language, withLinks: boolean): string {
  const t = serverT(language);
  const muted = (words: string) => `<span style="color:#6b7280">${escapeHtml(words)}</span>`;
  const body = attendees
    .map((a) => {
      const number = withLinks
        ? `<a href="${escapeHtml(ticketUrlIn(a.ticketUrl, language))}" style="color:#1d4ed8">${escapeHtml(a.ticketNumber)}</a>`
        : escapeHtml(a.ticketNumber);
      const bib = a.bib !== null ? ` · ${muted(t('mail.bib'))} <strong>${escapeHtml(String(a.bib))}</strong>` : '';
      return `<tr><td style="padding:8px 0;border-top:1px solid #e5e7eb;overflow-wrap:anywhere">
<div style="font-weight:600">${escapeHtml(attendeeName(a, language))}</div>
<div>${escapeHtml(a.ticketName)} · ${escapeHtml(rupeesIn(language, a.ticketPrice))}</div>
<div>${muted(t('mail.ticketNumber'))} <span style="white-space:nowrap">${number}</span>${bib}</div>
</td></tr>`;
    })
    .join('');
  return `<h2 style="font-size:16px;margin:20px 0 4px">${escapeHtml(t('mail.tickets'))}</h2><table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="width:100%;border-collapse:collapse;font:14px/1.4 Arial,sans-serif">${body}</table>`;
}

function attendeeText(attendees: AttendeeLine[], language: Language, withLinks: boolean): string {
  const t = serverT(language);
  return `${t('mail.tickets')}:\n${attendees
    .map(
      (a, i) =>
        `${i + 1}. ${attendeeName(a, language)} · ${a.ticketName} · ${rupeesIn(language, a.ticketPrice)} · ${a.ticketNumber}${
          a.bib !== null ? ` · ${t('mail.bib')} ${a.bib}` : ''
        }${withLinks ? `\n   ${ticketUrlIn(a.ticketUrl, language)}` : ''}`,
    )
    .join('\n')}`;
}

export function layout(title: string, inner: string, platformName: string, language: Language = DEFAULT_LANGUAGE) {
  return `<!doctype html><html lang="${LANGUAGE_LOCALES[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:12px 8px;background:#f4f6fb;font:14px/1.5 Arial,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:16px;overflow-wrap:anywhere;word-break:break-word">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>
${inner}
<p style="color:#9ca3af;font-size:12px;margin-top:24px">${escapeHtml(platformName)}</p>
</div></body></html>`;
}

/** The words of a document's link: the tax invoice with its number, or the receipt. */
const documentLabel = (document: OrderDocument, language: Language) =>
  document.kind === 'invoice'
    ? serverT(language)('mail.invoiceLink', { number: document.number })
    : serverT(language)('mail.receiptLink');

/** A document's link as a paragraph of an e-mail (decision 031). */
export const documentLinkHtml = (label: string, url: string) =>
  `\n<p style="margin:12px 0"><a href="${escapeHtml(url)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(label)}</a></p>`;

/** The buyer's way back to My bookings, under their confirmation. */
function manageLine(p: RegistrationEmailPayload, language: Language): string {
  if (!p.bookingsUrl) return '';
  const url = ticketUrlIn(p.bookingsUrl, language);
  return `\n<p style="color:#6b7280;font-size:12px">${escapeHtml(serverT(language)('mail.manageBookings', { url }))}</p>`;
}

/** The event's notes (arrive by, ID at the gate) as the ticket shows them; nothing when it has none. */
const notesHtml = (notes: string[]) =>
  notes.length === 0
    ? ''
    : `<ul style="padding-left:20px;color:#374151">${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>`;
const notesText = (notes: string[]) => (notes.length === 0 ? '' : `\n${notes.map((n) => `- ${n}`).join('\n')}\n`);

export function participantConfirmation(p: RegistrationEmailPayload): RenderedEmail {
  const language = p.language ?? DEFAULT_LANGUAGE;
  const t = serverT(language);
  const ticketUrl = ticketUrlIn(p.ticketUrl, language);
  const subject = t('mail.subject', { eventName: p.eventName, number: p.registrationNumber });
  // The event's name is the organiser's, inside a sentence of ours: escaped after the sentence is made.
  const confirmed = escapeHtml(t('mail.confirmed', { eventName: '\u0000' })).replace(
    '\u0000',
    `<strong>${escapeHtml(p.eventName)}</strong>`,
  );
  const html = layout(
    t('mail.heading'),
    `<p>${escapeHtml(t('mail.greeting', { name: p.customerName }))}</p>
<p>${confirmed}</p>
${table(rows(p, language))}
${attendeeTable(p.attendees, language, true)}
${notesHtml(p.notes)}
<p style="margin:20px 0"><a href="${escapeHtml(ticketUrl)}" style="background:#FF6B35;color:#ffffff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(t(p.attendees.length > 1 ? 'mail.viewAllTickets' : 'mail.viewTicket'))}</a></p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(t('mail.orOpen', { url: ticketUrl }))}</p>${
      p.document ? documentLinkHtml(documentLabel(p.document, language), ticketUrlIn(p.document.url, language)) : ''
    }${
      p.feeDocument
        ? documentLinkHtml(t('mail.feeInvoiceLink', { number: p.feeDocument.number }), ticketUrlIn(p.feeDocument.url, language))
        : ''
    }${manageLine(p, language)}`,
    p.platformName,
    language,
  );
  const text = `${t('mail.greeting', { name: p.customerName })}

${t('mail.confirmed', { eventName: p.eventName })}

${textTable(rows(p, language))}

${attendeeText(p.attendees, language, true)}
${notesText(p.notes)}
${t(p.attendees.length > 1 ? 'mail.viewAllTickets' : 'mail.viewTicket')}: ${ticketUrl}
${p.document ? `\n${documentLabel(p.document, language)}: ${ticketUrlIn(p.document.url, language)}\n` : ''}${
    p.feeDocument
      ? `\n${t('mail.feeInvoiceLink', { number: p.feeDocument.number })}: ${ticketUrlIn(p.feeDocument.url, language)}\n`
      : ''
  }${p.bookingsUrl ? `\n${serverT(language)('mail.manageBookings', { url: ticketUrlIn(p.bookingsUrl, language) })}\n` : ''}
${p.platformName}
`;
  return { subject, html, text };
}

/** An attendee with their own e-mail gets their own ticket (issue 23), in the buyer's language. */
export function attendeeTicketEmail(p: RegistrationEmailPayload, attendee: AttendeeLine): RenderedEmail {
  const language = p.language ?? DEFAULT_LANGUAGE;
  const t = serverT(language);
  const ticketUrl = ticketUrlIn(attendee.ticketUrl, language);
  const subject = t('mail.attendeeSubject', { eventName: p.eventName, number: attendee.ticketNumber });
  const items: [string, string][] = [
    [t('mail.ticketNumber'), attendee.ticketNumber],
    [t('mail.event'), p.eventName],
    [t('mail.date'), dayIn(language, p.eventDate)],
    [t('mail.time'), timeIn(language, p.eventTime)],
    [t('mail.venue'), p.eventVenue],
    [t('mail.ticket'), attendee.ticketName],
    ...(attendee.bib !== null ? ([[t('mail.bib'), String(attendee.bib)]] as [string, string][]) : []),
    [t('mail.bookingReference'), p.registrationNumber],
  ];
  const intro = t('mail.attendeeConfirmed', { buyerName: p.customerName, eventName: p.eventName });
  const html = layout(
    t('mail.heading'),
    `<p>${escapeHtml(t('mail.greeting', { name: attendee.name }))}</p>
<p>${escapeHtml(intro)}</p>
${table(items)}
${notesHtml(p.notes)}
<p style="margin:20px 0"><a href="${escapeHtml(ticketUrl)}" style="background:#FF6B35;color:#ffffff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(t('mail.viewTicket'))}</a></p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(t('mail.orOpen', { url: ticketUrl }))}</p>`,
    p.platformName,
    language,
  );
  const text = `${t('mail.greeting', { name: attendee.name })}

${intro}

${textTable(items)}
${notesText(p.notes)}
${t('mail.viewTicket')}: ${ticketUrl}

${p.platformName}
`;
  return { subject, html, text };
}

export function adminNotification(p: RegistrationEmailPayload): RenderedEmail {
  const subject = `New registration: ${p.eventName} (${p.registrationNumber})`;
  const items: [string, string][] = [...rows(p), ['E-mail', p.customerEmail], ['Phone', p.customerPhone]];
  const html = layout(
    'New paid registration',
    `<p>A participant has registered and paid.</p>${table(items)}${attendeeTable(p.attendees, 'en', false)}`,
    p.platformName,
  );
  const text = `A participant has registered and paid.

${textTable(items)}

${attendeeText(p.attendees, 'en', false)}

${p.platformName}
`;
  return { subject, html, text };
}

/** A short notice to staff (new event, sign-in, weekly summary): a title, a sentence and a table. */
export function staffNotice(
  notice: { subject: string; title: string; intro: string; items: [string, string][]; link?: { label: string; url: string } },
  platformName: string,
): RenderedEmail {
  const link = notice.link
    ? `<p style="margin:20px 0"><a href="${escapeHtml(notice.link.url)}">${escapeHtml(notice.link.label)}</a></p>`
    : '';
  const html = layout(notice.title, `<p>${escapeHtml(notice.intro)}</p>${table(notice.items)}${link}`, platformName);
  const text = `${notice.intro}

${textTable(notice.items)}
${notice.link ? `\n${notice.link.label}: ${notice.link.url}\n` : ''}
${platformName}
`;
  return { subject: `${platformName}: ${notice.subject}`, html, text };
}

/** What a waiting-list e-mail names (decision 024), in the entry's language. */
export interface WaitingListEmailPayload {
  name: string;
  eventName: string;
  ticketName: string;
  quantity: number;
  platformName: string;
  language: Language;
  /** The event's page, in the entry's language. */
  eventUrl: string;
}

/** An instant as India's wall clock reads it, in `language`: 'Sunday, 15 March 2026, 6:30 pm'. */
function indiaInstant(iso: string, language: Language): string {
  const shifted = new Date(Date.parse(iso) + 330 * 60_000).toISOString();
  return `${dayIn(language, shifted.slice(0, 10))}, ${timeIn(language, shifted.slice(11, 16))}`;
}

const button = (url: string, label: string) =>
  `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="background:#FF6B35;color:#ffffff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;

/** A plain notice: the greeting, what happened, its facts and, when there is one, the link to act on. */
export function noticeEmail(
  p: Pick<WaitingListEmailPayload, 'name' | 'language' | 'platformName'>,
  words: { subject: string; heading: string; intro: string; items: [string, string][]; link?: { url: string; label: string } },
): RenderedEmail {
  const t = serverT(p.language);
  const html = layout(
    words.heading,
    `<p>${escapeHtml(t('mail.greeting', { name: p.name }))}</p>
<p>${escapeHtml(words.intro)}</p>
${table(words.items)}
${words.link ? `${button(words.link.url, words.link.label)}<p style="color:#6b7280;font-size:12px">${escapeHtml(t('mail.orOpen', { url: words.link.url }))}</p>` : ''}`,
    p.platformName,
    p.language,
  );
  const text = `${t('mail.greeting', { name: p.name })}

${words.intro}

${textTable(words.items)}
${words.link ? `\n${words.link.label}: ${words.link.url}\n` : ''}
${p.platformName}
`;
  return { subject: words.subject, html, text };
}

/** A new (or updated) waiting-list entry: their place in line. */
export function waitingListJoinedEmail(p: WaitingListEmailPayload & { place: number; confirmUrl?: string }): RenderedEmail {
  const t = serverT(p.language);
  const vars = { eventName: p.eventName, ticketName: p.ticketName, quantity: p.quantity, place: p.place };
  if (p.confirmUrl) {
    // Issue 40: the address is confirmed before the place counts.
    return noticeEmail(p, {
      subject: t('mail.waitingConfirmSubject', vars),
      heading: t('mail.waitingConfirmHeading'),
      intro: t('mail.waitingConfirmIntro', { ...vars, count: p.quantity }),
      items: [
        [t('mail.event'), p.eventName],
        [t('mail.ticket'), p.ticketName],
        [t('mail.waitingQuantity'), String(p.quantity)],
      ],
      link: { url: p.confirmUrl, label: t('mail.waitingConfirmLink') },
    });
  }
  return noticeEmail(p, {
    subject: t('mail.waitingSubject', vars),
    heading: t('mail.waitingHeading'),
    // "for 1 ticket", "for 3 tickets": the catalogue's plural forms, in every language.
    intro: t('mail.waitingIntro', { ...vars, count: p.quantity }),
    items: [
      [t('mail.event'), p.eventName],
      [t('mail.ticket'), p.ticketName],
      [t('mail.waitingQuantity'), String(p.quantity)],
      [t('mail.waitingPlace'), String(p.place)],
    ],
    link: { url: p.eventUrl, label: p.eventName },
  });
}

/** Seats held for the entry until `expiresAt`, and the link that books them. */
export function waitingListOfferEmail(p: WaitingListEmailPayload & { expiresAt: string; offerUrl: string }): RenderedEmail {
  const t = serverT(p.language);
  const until = indiaInstant(p.expiresAt, p.language);
  const vars = { eventName: p.eventName, ticketName: p.ticketName, quantity: p.quantity, until };
  return noticeEmail(p, {
    subject: t('mail.offerSubject', vars),
    heading: t('mail.offerHeading'),
    intro: t('mail.offerIntro', vars),
    items: [
      [t('mail.event'), p.eventName],
      [t('mail.ticket'), p.ticketName],
      [t('mail.waitingQuantity'), String(p.quantity)],
      [t('mail.offerUntil'), until],
    ],
    link: { url: p.offerUrl, label: t('mail.offerButton') },
  });
}

/** The event was cancelled: the entry's waiting is over. */
export function waitingListEndedEmail(p: WaitingListEmailPayload): RenderedEmail {
  const t = serverT(p.language);
  const vars = { eventName: p.eventName, ticketName: p.ticketName };
  return noticeEmail(p, {
    subject: t('mail.waitingEndedSubject', vars),
    heading: t('mail.waitingEndedHeading'),
    intro: t('mail.waitingEndedIntro', vars),
    items: [
      [t('mail.event'), p.eventName],
      [t('mail.ticket'), p.ticketName],
    ],
  });
}

/** A free registration waits for its buyer to confirm their e-mail address (decision 027). */
export function registrationConfirmEmail(p: {
  name: string;
  eventName: string;
  tickets: number;
  platformName: string;
  language: Language;
  /** Until when the places are held (an ISO instant). */
  expiresAt: string;
  confirmUrl: string;
}): RenderedEmail {
  const t = serverT(p.language);
  const until = indiaInstant(p.expiresAt, p.language);
  const vars = { eventName: p.eventName, count: p.tickets, until };
  return noticeEmail(p, {
    subject: t('mail.confirmSubject', vars),
    heading: t('mail.confirmHeading'),
    intro: t('mail.confirmIntro', vars),
    items: [
      [t('mail.event'), p.eventName],
      [t('mail.waitingQuantity'), String(p.tickets)],
      [t('mail.offerUntil'), until],
    ],
    link: { url: p.confirmUrl, label: t('mail.confirmButton') },
  });
}

/** What the buyer's refund notice says (decision 022). */
export interface RefundEmailPayload {
  /** The booking reference, or the order id of an order that never got one (a late payment). */
  reference: string;
  eventName: string;
  customerName: string;
  /** Rupees being refunded. */
  amount: number;
  /** The attendees whose tickets are cancelled; none for a late payment that issued no ticket. */
  attendees: { name: string; ticketName: string; ticketNumber: string }[];
  platformName: string;
  language?: Language;
  /**
   * The event was cancelled (decision 025): the notice says so and is the buyer's one e-mail about
   * it, with the refund (none when the booking was already refunded) and the fee kept per ticket.
   */
  cancellation?: { feeRupees: number; reason: string };
  /** The buyer cancelled these tickets themselves (decision 023): the fee kept, rupees; `amount` may be 0. */
  selfCancelled?: { feeRupees: number };
  /** The credit note the refund issued against the order's tax invoice, behind its signed link (decision 031). */
  creditNote?: { number: string; url: string };
}

/** The buyer's notice of a refund, in their language: the amount, the cancelled tickets, when to expect it. */
export function refundNotice(p: RefundEmailPayload): RenderedEmail {
  const language = p.language ?? DEFAULT_LANGUAGE;
  const t = serverT(language);
  const amount = rupeesIn(language, p.amount);
  const cancelled = p.cancellation;
  const own = p.selfCancelled;
  const subject = cancelled
    ? t('mail.eventCancelledSubject', { eventName: p.eventName, number: p.reference })
    : own
      ? t('mail.selfCancelledSubject', { eventName: p.eventName, number: p.reference })
      : t('mail.refundSubject', { eventName: p.eventName, number: p.reference });
  const heading = cancelled ? t('mail.eventCancelledHeading') : own ? t('mail.selfCancelledHeading') : t('mail.refundHeading');
  const body = own
    ? t(p.amount > 0 ? 'mail.selfCancelledBody' : 'mail.selfCancelledNoRefundBody', {
        eventName: p.eventName,
        amount,
        fee: rupeesIn(language, own.feeRupees),
      })
    : !cancelled
      ? t(p.attendees.length > 0 ? 'mail.refundBody' : 'mail.refundLateBody', { eventName: p.eventName, amount })
      : p.amount === 0
        ? t('mail.eventCancelledNoRefundBody', { eventName: p.eventName })
        : cancelled.feeRupees > 0
          ? t('mail.eventCancelledFeeBody', { eventName: p.eventName, amount, fee: rupeesIn(language, cancelled.feeRupees) })
          : t('mail.eventCancelledBody', { eventName: p.eventName, amount });
  const facts: [string, string][] = [
    [t('mail.bookingReference'), p.reference],
    [t('mail.event'), p.eventName],
    ...(cancelled ? ([[t('mail.eventCancelledReason'), cancelled.reason]] as [string, string][]) : []),
    ...(p.amount > 0 ? ([[t('mail.refundAmount'), amount]] as [string, string][]) : []),
    ...(p.creditNote ? ([[t('mail.creditNoteNumber'), p.creditNote.number]] as [string, string][]) : []),
  ];
  const creditNote = p.creditNote && {
    label: t('mail.creditNoteLink', { number: p.creditNote.number }),
    url: ticketUrlIn(p.creditNote.url, language),
  };
  const tickets = p.attendees.map((a) => `${a.name} · ${a.ticketName} · ${a.ticketNumber}`);
  const html = layout(
    heading,
    `<p>${escapeHtml(t('mail.greeting', { name: p.customerName }))}</p>
<p>${escapeHtml(body)}</p>
${table(facts)}
${
  tickets.length > 0
    ? `<h2 style="font-size:16px;margin:20px 0 4px">${escapeHtml(t('mail.refundedTickets'))}</h2><ul style="padding-left:18px;margin:0">${tickets
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('')}</ul>`
    : ''
}${creditNote ? documentLinkHtml(creditNote.label, creditNote.url) : ''}
<p style="color:#6b7280;font-size:12px;margin-top:16px">${escapeHtml(t('mail.refundTiming'))}</p>`,
    p.platformName,
    language,
  );
  const text = `${t('mail.greeting', { name: p.customerName })}

${body}

${textTable(facts)}
${
  tickets.length > 0
    ? `
${t('mail.refundedTickets')}:
${tickets.map((line, i) => `${i + 1}. ${line}`).join('\n')}
`
    : ''
}${creditNote ? `\n${creditNote.label}: ${creditNote.url}\n` : ''}
${t('mail.refundTiming')}

${p.platformName}
`;
  return { subject, html, text };
}

/** What the buyer's notice of a postponed event says (decision 025). */
export interface PostponedEmailPayload {
  name: string;
  eventName: string;
  reference: string;
  previousDate: string;
  date: string;
  time: string;
  /** India day, inclusive. */
  refundUntil: string;
  reason: string;
  /** My bookings, where the buyer signs in and may cancel for a full refund. */
  bookingsUrl: string;
  platformName: string;
  language: Language;
}

/** The event has a new date: the old and the new, why, and until when a full refund may be asked for. */
export function eventPostponedEmail(p: PostponedEmailPayload): RenderedEmail {
  const t = serverT(p.language);
  const day = (date: string) => dayIn(p.language, date);
  const when = `${day(p.date)}, ${timeIn(p.language, p.time)}`;
  const vars = { eventName: p.eventName, number: p.reference, date: when, until: day(p.refundUntil) };
  return noticeEmail(p, {
    subject: t('mail.postponedSubject', vars),
    heading: t('mail.postponedHeading'),
    intro: t('mail.postponedIntro', vars),
    items: [
      [t('mail.bookingReference'), p.reference],
      [t('mail.event'), p.eventName],
      [t('mail.postponedFrom'), day(p.previousDate)],
      [t('mail.postponedTo'), when],
      [t('mail.postponedReason'), p.reason],
      [t('mail.postponedRefundUntil'), day(p.refundUntil)],
    ],
    link: { url: p.bookingsUrl, label: t('mail.postponedButton') },
  });
}
