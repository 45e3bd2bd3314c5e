import { cityOfVenue } from '@tdk/api/contract';

/** The city of a venue: the contract's one rule (`cityOfVenue`), which the API stores as location. */
export const cityFromVenue = cityOfVenue;

/** Avatar initials: 'Priya Sharma' → 'PS', 'Ravi K. Menon' → 'RM', 'Asha' → 'A'. */
export function initials(name: string | null | undefined): string {
  if (typeof name !== 'string') return '';
  // The first letter or digit of each word, so '(Dr.) Asha Rao' gives 'DR', not '(R'.
  const letters = name
    .trim()
    .split(/\s+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter((c): c is string => Boolean(c));
  if (letters.length === 0) return '';
  const first = letters[0]!;
  const last = letters.length > 1 ? letters[letters.length - 1]! : '';
  return (first + last).toUpperCase();
}

/** '1 ticket' / '3 tickets' / '1,500 tickets' (Indian grouping). Pass `plural` for irregular words. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? singular : plural}`;
}
