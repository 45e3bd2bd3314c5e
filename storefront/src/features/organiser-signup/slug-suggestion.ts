// The web address the form offers from the organisation's name (decision 053), until the organiser
// types one of their own: lower-case Latin letters and digits joined by single hyphens, cut to the
// longest address allowed. A name with no Latin letters or digits (one typed in Devanagari) offers
// nothing: the organiser chooses the address.
import { SLUG_MAX } from '@tdk/api/contract/organisations';

export function suggestSlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX) return slug || word.slice(0, SLUG_MAX);
    slug = next;
  }
  return slug;
}
