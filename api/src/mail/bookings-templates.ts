// The e-mails of My bookings (decision 023), in the buyer's language: the one-time sign-in link, a
// change of an attendee's details, and a transfer (to the buyer, and the new attendee's ticket).
import { DEFAULT_LANGUAGE, type Language } from '../contract';
import { escapeHtml } from '../html/escape';
import { serverT } from '../i18n/messages';
import { dayIn, layout, table, textTable, ticketUrlIn, type RenderedEmail } from './templates';

const button = (url: string, label: string) =>
  `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="background:#FF6B35;color:#ffffff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;

/** The sign-in link to My bookings: one use, for `minutes`. */
export function bookingsLinkEmail(p: { url: string; minutes: number; platformName: string; language?: Language }): RenderedEmail {
  const language = p.language ?? DEFAULT_LANGUAGE;
  const t = serverT(language);
  const subject = t('mail.bookingsLinkSubject', { platformName: p.platformName });
  const intro = t('mail.bookingsLinkIntro', { minutes: p.minutes });
  const ignore = t('mail.bookingsLinkIgnore');
  const html = layout(
    t('mail.bookingsLinkHeading'),
    `<p>${escapeHtml(intro)}</p>
${button(p.url, t('mail.bookingsLinkOpen'))}
<p style="color:#6b7280;font-size:12px">${escapeHtml(t('mail.orOpen', { url: p.url }))}</p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(ignore)}</p>`,
    p.platformName,
    language,
  );
  const text = `${intro}

${t('mail.bookingsLinkOpen')}: ${p.url}

${ignore}

${p.platformName}
`;
  return { subject, html, text };
}

export interface SelfServiceMailFacts {
  language?: Language;
  platformName: string;
  buyerName: string;
  eventName: string;
  eventDate: string;
  bookingReference: string;
  ticketName: string;
  /** The attendee's ticket number now (after a transfer: the new one). */
  ticketNumber: string;
  attendeeName: string;
  ticketUrl: string;
  /** My bookings, to see or change more. */
  bookingsUrl: string;
}

function facts(p: SelfServiceMailFacts, t: ReturnType<typeof serverT>, language: Language): [string, string][] {
  return [
    [t('mail.event'), p.eventName],
    // In the buyer's language, as the confirmation writes it (issue 40: Hindi e-mails said 'Tuesday').
    [t('mail.date'), dayIn(language, p.eventDate)],
    [t('mail.bookingReference'), p.bookingReference],
    [t('mail.ticket'), p.ticketName],
    [t('mail.attendee'), p.attendeeName],
    [t('mail.ticketNumber'), p.ticketNumber],
  ];
}

function selfServiceEmail(
  p: SelfServiceMailFacts,
  subjectKey: string,
  introKey: string,
  greetName: string,
  toBuyer: boolean,
  extra: Record<string, string> = {},
): RenderedEmail {
  const language = p.language ?? DEFAULT_LANGUAGE;
  const t = serverT(language);
  const ticketUrl = ticketUrlIn(p.ticketUrl, language);
  const bookingsUrl = ticketUrlIn(p.bookingsUrl, language);
  const intro = t(introKey, { ...extra, eventName: p.eventName, attendeeName: p.attendeeName, buyerName: p.buyerName });
  const html = layout(
    t(subjectKey, { eventName: p.eventName, number: p.ticketNumber }),
    `<p>${escapeHtml(t('mail.greeting', { name: greetName }))}</p>
<p>${escapeHtml(intro)}</p>
${table(facts(p, t, language))}
${button(ticketUrl, t('mail.viewTicket'))}
<p style="color:#6b7280;font-size:12px">${escapeHtml(t('mail.orOpen', { url: ticketUrl }))}</p>
${toBuyer ? `<p style="color:#6b7280;font-size:12px">${escapeHtml(t('mail.manageBookings', { url: bookingsUrl }))}</p>` : ''}`,
    p.platformName,
    language,
  );
  const text = `${t('mail.greeting', { name: greetName })}

${intro}

${textTable(facts(p, t, language))}

${t('mail.viewTicket')}: ${ticketUrl}
${toBuyer ? `\n${t('mail.manageBookings', { url: bookingsUrl })}\n` : ''}
${p.platformName}
`;
  return { subject: t(subjectKey, { eventName: p.eventName, number: p.ticketNumber }), html, text };
}

/** To the buyer: an attendee's details were changed from My bookings. */
export const detailsChangedEmail = (p: SelfServiceMailFacts) =>
  selfServiceEmail(p, 'mail.detailsChangedSubject', 'mail.detailsChangedIntro', p.buyerName, true);

/** To the buyer: a ticket went to another person, with its new number (the old one no longer admits). */
export const transferredBuyerEmail = (p: SelfServiceMailFacts) =>
  selfServiceEmail(p, 'mail.transferredBuyerSubject', 'mail.transferredBuyerIntro', p.buyerName, true);

/** To the new attendee: their ticket, transferred to them by the buyer. */
export const transferredAttendeeEmail = (p: SelfServiceMailFacts) =>
  selfServiceEmail(p, 'mail.transferredAttendeeSubject', 'mail.transferredAttendeeIntro', p.attendeeName, false);

/** To the buyer (decision 071): an attendee moved to another race of the event; `refund` says what goes back. */
export const raceSwappedEmail = (p: SelfServiceMailFacts, from: string, refund: string | null) =>
  selfServiceEmail(
    p,
    'mail.raceSwappedSubject',
    refund ? 'mail.raceSwappedRefundIntro' : 'mail.raceSwappedIntro',
    p.buyerName,
    true,
    { from, refund: refund ?? '' },
  );

/** To the buyer (decision 071): an attendee deferred to the organiser's next edition, leaving a credit. */
export const deferredEmail = (p: SelfServiceMailFacts, credit: string, organiser: string) =>
  selfServiceEmail(p, 'mail.deferredSubject', 'mail.deferredIntro', p.buyerName, true, { credit, organiser });
