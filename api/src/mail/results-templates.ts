// Race day's e-mails to the buyer, in the order's language: the finisher's (decision 070), when the
// results are first published with the attendee's finish, with the certificate's link and the
// result page; and the kit collected by someone the participant authorised (decisions 069, 070).
import type { Language } from '../contract';
import { serverT } from '../i18n/messages';
import { noticeEmail, type RenderedEmail } from './templates';

export interface FinisherEmailPayload {
  /** The buyer, greeted. */
  name: string;
  runner: string;
  eventName: string;
  race: string;
  bib: number;
  netTime: string;
  rankOverall: number | null;
  certificateUrl: string;
  resultUrl: string;
  platformName: string;
  language: Language;
}

export function finisherCertificateEmail(p: FinisherEmailPayload): RenderedEmail {
  const t = serverT(p.language);
  const vars = { runner: p.runner, eventName: p.eventName, race: p.race, netTime: p.netTime };
  return noticeEmail(p, {
    subject: t('mail.certificateSubject', vars),
    heading: t('mail.certificateHeading'),
    intro: t('mail.certificateIntro', vars),
    items: [
      [t('mail.certificateRunner'), p.runner],
      [t('mail.event'), p.eventName],
      [t('mail.certificateRace'), p.race],
      [t('mail.certificateBib'), String(p.bib)],
      [t('mail.certificateNetTime'), p.netTime],
      ...(p.rankOverall === null ? [] : ([[t('mail.certificateRank'), String(p.rankOverall)]] as [string, string][])),
      [t('mail.certificateResultPage'), p.resultUrl],
    ],
    link: { url: p.certificateUrl, label: t('mail.certificateButton') },
  });
}

export interface KitCollectedEmailPayload {
  name: string;
  runner: string;
  eventName: string;
  collectorName: string;
  /** When, as the buyer reads it ('Friday, 1 January 2027, 10:32 am'). */
  collectedAt: string;
  gate: string;
  bookingsUrl: string;
  platformName: string;
  language: Language;
}

export function kitCollectedEmail(p: KitCollectedEmailPayload): RenderedEmail {
  const t = serverT(p.language);
  const vars = { runner: p.runner, collector: p.collectorName, eventName: p.eventName };
  return noticeEmail(p, {
    subject: t('mail.kitCollectedSubject', vars),
    heading: t('mail.kitCollectedHeading'),
    intro: t('mail.kitCollectedIntro', vars),
    items: [
      [t('mail.certificateRunner'), p.runner],
      [t('mail.event'), p.eventName],
      [t('mail.kitCollectedBy'), p.collectorName],
      [t('mail.kitCollectedAt'), p.collectedAt],
      ...(p.gate ? ([[t('mail.kitCollectedDesk'), p.gate]] as [string, string][]) : []),
    ],
    link: { url: p.bookingsUrl, label: t('mail.kitCollectedButton') },
  });
}
