// The newsletter's confirmation e-mail (double opt-in, decision 029), in the visitor's language.
import { DEFAULT_LANGUAGE, type Language } from '../contract';
import { escapeHtml } from '../html/escape';
import { serverT } from '../i18n/messages';
import { layout, type RenderedEmail } from './templates';

/** Asks the address's owner to confirm; nothing else is sent to it until they do. */
export function newsletterConfirmEmail(p: { url: string; platformName: string; language?: Language }): RenderedEmail {
  const language = p.language ?? DEFAULT_LANGUAGE;
  const t = serverT(language);
  const subject = t('mail.newsletterConfirmSubject', { platformName: p.platformName });
  const intro = t('mail.newsletterConfirmIntro', { platformName: p.platformName });
  const ignore = t('mail.newsletterConfirmIgnore');
  const button = t('mail.newsletterConfirmButton');
  const html = layout(
    t('mail.newsletterConfirmHeading'),
    `<p>${escapeHtml(intro)}</p>
<p style="margin:20px 0"><a href="${escapeHtml(p.url)}" style="background:#FF6B35;color:#ffffff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(button)}</a></p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(t('mail.orOpen', { url: p.url }))}</p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(ignore)}</p>`,
    p.platformName,
    language,
  );
  const text = `${intro}

${button}: ${p.url}

${ignore}

${p.platformName}
`;
  return { subject, html, text };
}
