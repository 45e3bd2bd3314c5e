import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import type { Language } from '@tdk/api/contract';
import { DEFAULT_PLATFORM_CONFIG, PlatformProvider, RemoteSlot } from '@tdk/shared-ui';
import { anEvent, stubApi } from '@tdk/shared-ui/testing';
import App from '../../app';
import { renderFirstScreen } from '../../server/render';

// The page the API serves for /o/:slug is drawn by the server build (server/render.tsx) with the
// organiser's answer in it; the browser hydrates that drawing with the same answer. A mismatch is
// what React reports through onRecoverableError (shell bootstrap.tsx logs it as an error).
const club = { slug: 'pune-hill-club', displayName: 'Pune Hill Club' };
const responses = {
  // What every drawn page carries (html/first-screen-data.ts): the config, and nobody signed in.
  '/api/config': DEFAULT_PLATFORM_CONFIG,
  '/api/auth/me': { user: null, organisation: null, organisations: [], platformRole: null },
  '/api/organisers/pune-hill-club': {
    organiser: {
      ...club,
      about: 'Hill runs around Pune.',
      logoUrl: null,
      contactEmail: 'hello@punehill.example.in',
      contactPhone: '+91 98220 11111',
      state: '27',
      upcomingEvents: [anEvent({ id: 7, title: 'Sinhagad Climb', date: '2030-01-20', organiser: club })],
      upcomingNextCursor: 'more',
      pastEvents: [anEvent({ id: 8, title: 'Monsoon Run', date: '2024-07-14', status: 'Completed', organiser: club })],
    },
  },
};

// React's act() around hydration, as in a test environment that supports it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the organiser page drawn by the server', () => {
  it.each<Language>(['en', 'hi'])('is hydrated without a mismatch, its nodes kept (%s)', async (language) => {
    const url = '/o/pune-hill-club';
    const { html } = await renderFirstScreen({ url, responses, language });
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const heading = root.querySelector('h1');
    expect(heading?.textContent).toBe('Pune Hill Club');
    const mismatches: unknown[] = [];
    const api = stubApi({});
    let hydrated: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      hydrated = hydrateRoot(
        root,
        <PlatformProvider language={language} firstScreenResponses={responses} apiFetch={api.fetch}>
          <MemoryRouter initialEntries={[url]}>
            <RemoteSlot name="storefront">
              <App />
            </RemoteSlot>
          </MemoryRouter>
        </PlatformProvider>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    expect(mismatches).toEqual([]);
    expect(root.querySelector('h1')).toBe(heading);
    expect(root.textContent).toContain('Monsoon Run');
    // Unmounted, so nothing it started (a chunk, a catalogue) draws after the file's environment is gone.
    act(() => hydrated!.unmount());
    root.remove();
  });
});
