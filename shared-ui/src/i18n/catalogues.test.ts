// The catalogue check over the whole repository (decision 019): every `i18n/` folder of a package's
// sources holds one JSON catalogue per language of the platform, checked against the code of every package.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@tdk/api/contract';
import { checkCatalogues } from './catalogue-check';

const REPO = join(import.meta.dirname, '..', '..', '..');
const PACKAGES = [
  'shared-ui',
  'shell',
  'storefront',
  'admin-events',
  'admin-tickets',
  'admin-registrations',
  'admin-insights',
  'api',
];

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) filesUnder(path, out);
    else out.push(path);
  }
  return out;
}

const packages = PACKAGES.map((name) => {
  const files = filesUnder(join(REPO, name, 'src'));
  const sources = files
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const folders = [
    ...new Set(files.filter((file) => file.endsWith(`${join('i18n', 'en.json')}`)).map((file) => join(file, '..'))),
  ];
  return { name, sources, folders };
});

describe('the message catalogues', () => {
  it('exist for the platform', () => {
    expect(packages.flatMap((p) => p.folders).length).toBeGreaterThan(0);
  });

  // A namespace may be used beyond its package (shared-ui's 'common' by the shell and remotes).
  const sources = packages.map((p) => p.sources).join('\n');
  for (const { folders } of packages) {
    for (const folder of folders) {
      const name = relative(REPO, folder);
      it(`${name}: every key in every language, the same placeholders, each key used`, () => {
        const catalogues = Object.fromEntries(
          LANGUAGES.map((language) => {
            const file = join(folder, `${language}.json`);
            let text = '{}';
            try {
              text = readFileSync(file, 'utf8');
            } catch {
              // A language without its file: every key is reported missing in it.
            }
            return [language, JSON.parse(text) as Record<string, string>];
          }),
        );
        expect(checkCatalogues(name, catalogues, sources)).toEqual([]);
      });
    }
  }
});
