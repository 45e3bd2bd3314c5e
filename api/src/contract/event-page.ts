// An event as its public page shows it in a language: shared by the storefront and the page the
// API serves (html/first-screen.ts), so a shared link's card and the page say the same.
import type { Language } from './language';
import type { SportEvent } from './types';

/**
 * The event as a page in `language` shows it: staff's Hindi or Marathi title and description when
 * they gave one, else the organiser's text as entered (it is never machine-translated).
 */
export function localizeEvent<E extends Pick<SportEvent, 'title' | 'description' | 'translations'>>(
  event: E,
  language: Language,
): E {
  if (language === 'en') return event;
  const own = event.translations?.[language];
  const title = own?.title?.trim();
  const description = own?.description?.trim();
  return title || description ? { ...event, title: title || event.title, description: description || event.description } : event;
}
