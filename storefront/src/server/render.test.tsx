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
