import { LANGUAGE_QUERY } from '@tdk/api/contract';
import { documentLanguage, type ToastApi, type Translate } from '@tdk/shared-ui';

/** Copies text: the Clipboard API where allowed, else a hidden textarea and execCommand. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not a secure context: fall through to the old way.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/** The event's page; in the sharer's language when it is not English, so the link opens in it. */
export const eventUrl = (id: number, language = documentLanguage()) =>
  `${window.location.origin}/event/${id}${language === 'en' ? '' : `?${LANGUAGE_QUERY}=${language}`}`;

/** The share button of the card and of Quick Actions: the system share sheet, else copy the link. */
export async function shareEvent(event: { id: number; title: string }, toast: ToastApi['toast'], t: Translate): Promise<void> {
  const url = eventUrl(event.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: event.title, text: t('share.text', { title: event.title }), url });
      return;
    } catch (error) {
      // The visitor closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  if (await copyText(url)) {
    toast({ title: t('share.copiedTitle'), description: t('share.copied'), variant: 'success' });
  } else {
    toast({ title: t('share.failed'), description: url });
  }
}
