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

describe('an organiser’s first screen (decision 054)', () => {
  const club = { slug: 'pune-hill-club', displayName: 'Pune Hill Club' };
  const answer = {
    organiser: {
      ...club,
      about: 'Hill runs around Pune.',
      logoUrl: null,
      contactEmail: 'hello@punehill.example.in',
      contactPhone: '+91 98220 11111',
      state: '27',
      upcomingEvents: [anEvent({ id: 7, title: 'Sinhagad Climb', date: '2030-01-20', organiser: club })],
      upcomingNextCursor: null,
      pastEvents: [anEvent({ id: 8, title: 'Monsoon Run', date: '2024-07-14', status: 'Completed', organiser: club })],
    },
  };

  it('is drawn with the answer the page carries: profile, contact, upcoming and past events', async () => {
    const { html } = await renderFirstScreen({
      url: '/o/pune-hill-club',
      responses: { '/api/organisers/pune-hill-club': answer },
    });
    expect(html).toContain('Pune Hill Club</h1>');
    expect(html).toContain('Hill runs around Pune.');
    expect(html).toContain('href="tel:+919822011111"');
    expect(html).toContain('Sinhagad Climb');
    expect(html).toContain('Monsoon Run');
    expect(html).not.toContain('aria-busy="true"');
  });

  it('is drawn in Hindi and Marathi', async () => {
    const responses = { '/api/organisers/pune-hill-club': answer };
    const hindi = await renderFirstScreen({ url: '/o/pune-hill-club', responses, language: 'hi' });
    expect(hindi.html).toContain('आने वाले इवेंट');
    expect(hindi.html).toContain('पिछले इवेंट');
    const marathi = await renderFirstScreen({ url: '/o/pune-hill-club', responses, language: 'mr' });
    expect(marathi.html).toContain('आगामी कार्यक्रम');
    expect(marathi.html).toContain('मागील कार्यक्रम');
  });

  it('is drawn loading without an answer (unknown or not approved), for the browser to say it is not found', async () => {
    const { html } = await renderFirstScreen({ url: '/o/no-such-club', responses: {} });
    expect(html).toContain('aria-busy="true"');
  });
});
