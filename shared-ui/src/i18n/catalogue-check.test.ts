import { describe, expect, it } from 'vitest';
import { checkCatalogues } from './catalogue-check';

const used = `t('home.title'); t('tickets', { count }); const KEY = "footer.rights";`;

describe('the catalogue check', () => {
  it('passes complete catalogues whose keys are all used', () => {
    const catalogues = {
      en: {
        'home.title': 'Events',
        tickets_one: '{{count}} ticket',
        tickets_other: '{{count}} tickets',
        'footer.rights': '© {{year}}',
      },
      hi: { 'home.title': 'इवेंट', tickets_one: '{{count}} टिकट', tickets_other: '{{count}} टिकट', 'footer.rights': '© {{year}}' },
    };
    expect(checkCatalogues('demo', catalogues, used)).toEqual([]);
  });

  it('fails on a key missing, or left empty, in one language', () => {
    const problems = checkCatalogues(
      'demo',
      {
        en: { 'home.title': 'Events', 'footer.rights': '©' },
        hi: { 'home.title': ' ' },
        mr: { 'home.title': 'इव्हेंट', 'footer.rights': '©' },
      },
      used,
    );
    expect(problems).toEqual(["demo: 'footer.rights' is missing in hi", "demo: 'home.title' is missing in hi"]);
  });

  it('fails on a key used nowhere', () => {
    expect(checkCatalogues('demo', { en: { 'home.title': 'Events', 'old.key': 'Old' } }, used)).toEqual([
      "demo: 'old.key' is used nowhere",
    ]);
  });

  it('fails on a placeholder missing or renamed in one language', () => {
    const problems = checkCatalogues(
      'demo',
      {
        en: { tickets_one: '{{count}} ticket', tickets_other: '{{count}} tickets' },
        hi: { tickets_one: 'एक टिकट', tickets_other: '{{total}} टिकट' },
      },
      used,
    );
    expect(problems).toEqual([
      "demo: 'tickets_one' in hi has placeholders [], en has [count]",
      "demo: 'tickets_other' in hi has placeholders [total], en has [count]",
    ]);
  });
});
