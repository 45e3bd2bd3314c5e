// The announcement e-mail of a message to registrants (decision 072): the recipient's language's
// text (English when that language has none), and the link that stops the organiser's announcements.
import type { MessageBodies } from '../contract/messages';
import { LANGUAGES, type Language } from '../contract/language';
import type { Env } from '../env';
import { escapeHtml } from '../html/escape';
import { serverT } from '../i18n/messages';
import type { KeyEnv } from '../signing/purpose-keys';
import { unsubscribeUrl } from '../signing/unsubscribe-links';
import { layout } from './templates';

type MessageEnv = KeyEnv & Pick<Env, 'publicUrl' | 'port'>;

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** Paragraphs of plain text as e-mail HTML. */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** The announcement as a recipient reads it: their language's text, else English, and the unsubscribe link. */
export function announcementEmail(
  env: MessageEnv,
  message: { subject: string; bodies: MessageBodies; organisationId: number },
  eventTitle: string,
  platformName: string,
  recipient: { email: string; language: string },
) {
  const language: Language = isLanguage(recipient.language) ? recipient.language : 'en';
  const body = message.bodies[language] || message.bodies.en;
  const t = serverT(language);
  const url = unsubscribeUrl(env, message.organisationId, recipient.email, language);
  const footer = t('mail.announcementFooter', { event: eventTitle });
  const link = t('mail.unsubscribeLink');
  const html = layout(
    message.subject,
    `${paragraphs(body)}
<p style="color:#6b7280;font-size:12px;margin-top:20px">${escapeHtml(footer)} <a href="${escapeHtml(url)}" style="color:#6b7280">${escapeHtml(link)}</a></p>`,
    platformName,
    language,
  );
  const text = `${body}\n\n--\n${footer}\n${link}: ${url}\n`;
  return { subject: message.subject, html, text };
}
