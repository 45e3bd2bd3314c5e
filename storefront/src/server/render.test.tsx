// @vitest-environment node
// As the API runs it: in Node, without a document.
import { describe, expect, it } from 'vitest';
import { anEvent } from '@tdk/shared-ui/testing';
import { renderFirstScreen } from './render';

// What the API writes into a home page for a visitor who remembers Pune (its first answers).
const puneHome = {
  '/api/events?city=Pune&limit=8': { events: [anEvent({ id: 1, title: 'Pune Hill Run', location: 'Pune' })], nextCursor: null },
};

describe('the first screen drawn on the server', () => {
  it('is drawn for the city the visitor remembers, with the answers for that city', async () => {
    const { html } = await renderFirstScreen({ url: '/', responses: puneHome, rememberedCity: 'Pune' });
    expect(html).toContain('aria-label="Select city, current city Pune"');
    expect(html).toContain('Pune Hill Run');
  });

  it('is drawn for the default city when the visitor remembers none, and forgets the last visitor’s', async () => {
    await renderFirstScreen({ url: '/', responses: puneHome, rememberedCity: 'Pune' });
    const { html } = await renderFirstScreen({ url: '/', responses: {} });
    expect(html).toContain('aria-label="Select city, current city Mumbai"');
    expect(html).not.toContain('Pune Hill Run');
  });
});

describe('the first screen in the visitor’s language', () => {
  it('is drawn in Hindi or Marathi, organiser text as entered unless staff gave theirs', async () => {
    const withHindiTitle = {
      '/api/events?city=Pune&limit=8': {
        events: [
          anEvent({ id: 1, title: 'Pune Hill Run', location: 'Pune' }),
          anEvent({ id: 2, title: 'Sinhagad Trail', location: 'Pune', translations: { hi: { title: 'सिंहगढ़ ट्रेल' } } }),
        ],
        nextCursor: null,
      },
    };
    const hindi = await renderFirstScreen({ url: '/', responses: withHindiTitle, rememberedCity: 'Pune', language: 'hi' });
    expect(hindi.html).toContain('अपना अगला खेल इवेंट खोजें');
    expect(hindi.html).toContain('aria-label="शहर चुनें, अभी का शहर पुणे"');
    expect(hindi.html).toContain('Pune Hill Run');
    expect(hindi.html).toContain('सिंहगढ़ ट्रेल');
    const marathi = await renderFirstScreen({ url: '/', responses: withHindiTitle, rememberedCity: 'Pune', language: 'mr' });
    expect(marathi.html).toContain('आपला पुढचा क्रीडा कार्यक्रम शोधा');
    expect(marathi.html).toContain('Sinhagad Trail');
  });

  it('keeps each drawing’s answers, city and language its own when drawings overlap', async () => {
    const [pune, mumbai] = await Promise.all([
      renderFirstScreen({ url: '/', responses: puneHome, rememberedCity: 'Pune', language: 'mr' }),
      renderFirstScreen({ url: '/', responses: {}, language: 'en' }),
    ]);
    expect(pune.html).toContain('Pune Hill Run');
    expect(pune.html).toContain('सध्याचे शहर पुणे');
    expect(mumbai.html).toContain('aria-label="Select city, current city Mumbai"');
    expect(mumbai.html).not.toContain('Pune Hill Run');
  });
});

describe('a ticket link’s first screen', () => {
  it('is drawn loading: its token is in the fragment, which only the browser has, so hydration matches', async () => {
    const { html } = await renderFirstScreen({ url: '/ticket/REGABC123', responses: {} });
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toMatch(/not valid/i);
  });
});
