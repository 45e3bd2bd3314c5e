import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION_MAX, organiserDescription, organiserSlugOfPath } from './organiser-page';
import { organiserSlugSchema } from './organisations';

describe('organiserDescription', () => {
  it('is the about text on one line', () => {
    expect(organiserDescription('  Road races\n and   cyclothons. ', 'fallback')).toBe('Road races and cyclothons.');
  });

  it('is the fallback when there is no about text', () => {
    expect(organiserDescription(' \n ', 'Events by Pune Hill Club')).toBe('Events by Pune Hill Club');
  });

  it('is cut at a word with an ellipsis when long', () => {
    const about = `${'Hill runs around Pune, '.repeat(12)}and more.`;
    const description = organiserDescription(about, '');
    expect(description.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(description.endsWith('Pune…') || description.endsWith('runs…') || description.endsWith('around…')).toBe(true);
    expect(about.startsWith(description.slice(0, -1))).toBe(true);
  });
});

describe('organiserSlugOfPath', () => {
  it('reads /o/{slug} and nothing else', () => {
    expect(organiserSlugOfPath('/o/pune-hill-club')).toBe('pune-hill-club');
    expect(organiserSlugOfPath('/o/pune-hill-club/')).toBe('pune-hill-club');
    expect(organiserSlugOfPath('/o/')).toBeUndefined();
    expect(organiserSlugOfPath('/o/a/b')).toBeUndefined();
    expect(organiserSlugOfPath('/o/%3Cx%3E')).toBeUndefined();
    expect(organiserSlugOfPath('/events')).toBeUndefined();
  });
});

describe('organiserSlugSchema', () => {
  it('takes any case as lower case and refuses what no slug can be', () => {
    expect(organiserSlugSchema.parse(' Pune-Hill-Club ')).toBe('pune-hill-club');
    for (const bad of ['-pune', 'pune--hill', 'pune_hill', 'a'.repeat(41), '']) {
      expect(organiserSlugSchema.safeParse(bad).success).toBe(false);
    }
  });
});
