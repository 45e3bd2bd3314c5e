import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrganiserPage as Organiser } from '@tdk/api/contract';
import { readableOnWhite } from '@tdk/shared-ui';
import { anEvent, errorResponse, renderWithPlatform, type StubbedRequest, type StubRoutes } from '@tdk/shared-ui/testing';
import { contrastOnWhite } from '@tdk/api/contract';
import { OrganiserPage } from './organiser-page';

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const club = { slug: 'pune-hill-club', displayName: 'Pune Hill Club' };
const upcoming = [
  anEvent({ id: 1, title: 'Vetal Tekdi Dash', date: '2030-01-05', organiser: club }),
  anEvent({ id: 2, title: 'Sinhagad Climb', date: '2030-01-20', organiser: club }),
];
const past = [anEvent({ id: 3, title: 'Monsoon Run', date: '2024-07-14', status: 'Completed', organiser: club })];

const anOrganiser = (overrides: Partial<Organiser> = {}): Organiser => ({
  ...club,
  about: 'Hill runs around Pune, every Sunday at dawn.',
  logoUrl: null,
  contactEmail: 'hello@punehill.example.in',
  contactPhone: '+91 98220 11111',
  state: '27',
  brandColour: null,
  upcomingEvents: upcoming,
  upcomingNextCursor: null,
  pastEvents: past,
  ...overrides,
});

function renderPage(
  api: StubRoutes = { 'GET /api/organisers/:slug': { organiser: anOrganiser() } },
  route = '/o/pune-hill-club',
) {
  return renderWithPlatform(<OrganiserPage />, { path: '/o/:slug', route, api });
}

const cardTitles = (section: HTMLElement) =>
  within(section)
    .getAllByTestId('event-card')
    .map((card) => within(card).getByRole('heading', { level: 3 }).textContent);

describe("the organiser's page", () => {
  it('shows its name, about, where it is based and how to reach it', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pune Hill Club' })).toBeTruthy();
    expect(screen.getByText('Hill runs around Pune, every Sunday at dawn.')).toBeTruthy();
    expect(screen.getByText('Based in Maharashtra')).toBeTruthy();
    const contact = screen.getByRole('region', { name: 'Contact' });
    const links = within(contact).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['hello@punehill.example.in', 'mailto:hello@punehill.example.in'],
      ['+91 98220 11111', 'tel:+919822011111'],
    ]);
  });

  it('takes its brand colour as the accent, darkened where text sits on it until it reads (AA, decision 056)', async () => {
    // Teal 3.7:1 on white: enough for an accent, not for white text on it; the wordmark's fill is
    // the shade that gives its white letters 4.5:1 or more.
    renderPage({ 'GET /api/organisers/:slug': { organiser: anOrganiser({ brandColour: '#0D9488' }) } });
    const wordmark = await screen.findByTestId('organiser-wordmark');
    const fill = getComputedStyle(wordmark).backgroundColor;
    const shade = readableOnWhite('#0D9488');
    expect(contrastOnWhite(shade)).toBeGreaterThanOrEqual(4.5);
    expect(fill).toBe(rgb(shade));
  });

  it('shows its name as a wordmark without a logo, and its logo with its name as the picture’s words', async () => {
    const { unmount } = renderPage();
    expect((await screen.findByTestId('organiser-wordmark')).textContent).toBe('PH');
    unmount();
    renderPage({ 'GET /api/organisers/:slug': { organiser: anOrganiser({ logoUrl: '/uploads/club.png' }) } });
    const logo = await screen.findByRole('img', { name: 'Pune Hill Club logo' });
    expect(logo.getAttribute('src')).toBe('/uploads/club.png');
    expect(screen.queryByTestId('organiser-wordmark')).toBeNull();
  });

  it('lists its upcoming events and its past ones as event cards linking to their pages', async () => {
    renderPage();
    const upcomingSection = await screen.findByRole('region', { name: 'Upcoming events' });
    expect(cardTitles(upcomingSection)).toEqual(['Vetal Tekdi Dash', 'Sinhagad Climb']);
    expect(within(upcomingSection).getByRole('link', { name: 'Vetal Tekdi Dash' }).getAttribute('href')).toBe('/event/1');
    expect(cardTitles(screen.getByRole('region', { name: 'Past events' }))).toEqual(['Monsoon Run']);
    // No more pages: no Load more.
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
  });

  it('says when nothing is on sale, and shows no past section without past events', async () => {
    renderPage({ 'GET /api/organisers/:slug': { organiser: anOrganiser({ upcomingEvents: [], pastEvents: [] }) } });
    const upcomingSection = await screen.findByRole('region', { name: 'Upcoming events' });
    expect(within(upcomingSection).getByText('No upcoming events')).toBeTruthy();
    expect(within(upcomingSection).getByRole('link', { name: 'Browse all events' }).getAttribute('href')).toBe('/events');
    expect(screen.queryByRole('region', { name: 'Past events' })).toBeNull();
  });

  it('reads more upcoming events from the list filtered by organiser', async () => {
    const later = anEvent({ id: 4, title: 'Torna Night Trail', date: '2030-02-02', organiser: club });
    const { api } = renderPage({
      'GET /api/organisers/:slug': { organiser: anOrganiser({ upcomingNextCursor: 'next-page' }) },
      // The list filtered by organiser: its first page is the page's own, then the next one.
      'GET /api/events': ({ query }: StubbedRequest) =>
        query.get('cursor') === 'next-page'
          ? { events: [later], nextCursor: null }
          : { events: upcoming, nextCursor: 'next-page' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Load more events' }));
    const upcomingSection = screen.getByRole('region', { name: 'Upcoming events' });
    await waitFor(() => expect(cardTitles(upcomingSection)).toEqual(['Vetal Tekdi Dash', 'Sinhagad Climb', 'Torna Night Trail']));
    const request = api.calls('GET /api/events').find(({ query }) => query.has('cursor'));
    expect(Object.fromEntries(request!.query)).toEqual({ organiser: 'pune-hill-club', limit: '12', cursor: 'next-page' });
  });

  it('names the organiser in the title and description once drawn', async () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'Find sports events';
    document.head.append(meta);
    const { unmount } = renderPage();
    await waitFor(() => expect(meta.content).toBe('Hill runs around Pune, every Sunday at dawn.'));
    expect(document.title).toBe('Events by Pune Hill Club · TDK Sports');
    unmount();
    // The shell's description again on the next page.
    expect(meta.content).toBe('Find sports events');
    meta.remove();
  });

  it('is a not-found page for an organiser that is unknown or not approved', async () => {
    renderPage(
      { 'GET /api/organisers/:slug': errorResponse(404, 'not_found', 'Organiser not found') },
      '/o/pune-trail-collective',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Organiser not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all events' }).getAttribute('href')).toBe('/events');
  });

  it('offers to try again when the page could not be loaded', async () => {
    let calls = 0;
    renderPage({
      'GET /api/organisers/:slug': () =>
        (calls += 1) === 1 ? errorResponse(500, 'internal_error', 'Something went wrong') : { organiser: anOrganiser() },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pune Hill Club' })).toBeTruthy();
  });
});
