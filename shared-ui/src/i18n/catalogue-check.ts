// The catalogue check of decision 019, run by `npm test` (catalogues.test.ts): every key in every
// language, the same placeholders in each, and no key that no code asks for.
import type { Catalogue } from './catalogues';

export type Catalogues = Readonly<Record<string, Catalogue>>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;

/** The key code asks for: 'tickets' for 'tickets_one' and 'tickets_other'. */
export const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');

export const placeholdersOf = (message: string): string[] =>
  [...new Set([...message.matchAll(PLACEHOLDER)].map((match) => match[1]!))].sort();

/**
 * What is wrong with one namespace's catalogues (`reference` is the language the others are held
 * to); `sources` is the text of the code that may use them. Empty when all is well.
 */
export function checkCatalogues(name: string, catalogues: Catalogues, sources: string, reference = 'en'): string[] {
  const problems: string[] = [];
  const languages = Object.keys(catalogues);
  const allKeys = new Set(languages.flatMap((language) => Object.keys(catalogues[language]!)));
  for (const key of [...allKeys].sort()) {
    const missing = languages.filter(
      (language) => typeof catalogues[language]![key] !== 'string' || !catalogues[language]![key]!.trim(),
    );
    if (missing.length) problems.push(`${name}: '${key}' is missing in ${missing.join(', ')}`);
    const expected = catalogues[reference]?.[key];
    if (typeof expected !== 'string') continue;
    const want = placeholdersOf(expected).join(', ');
    for (const language of languages) {
      const message = catalogues[language]![key];
      if (language === reference || typeof message !== 'string') continue;
      const got = placeholdersOf(message).join(', ');
      if (got !== want) problems.push(`${name}: '${key}' in ${language} has placeholders [${got}], ${reference} has [${want}]`);
    }
  }
  for (const key of [...new Set([...allKeys].map(baseKey))].sort()) {
    if (!sources.includes(`'${key}'`) && !sources.includes(`"${key}"`) && !sources.includes(`\`${key}\``)) {
      problems.push(`${name}: '${key}' is used nowhere`);
    }
  }
  return problems;
}
