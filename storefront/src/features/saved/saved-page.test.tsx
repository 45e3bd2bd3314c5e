import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anEvent, errorResponse, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import { LIKED_EVENTS_KEY } from '../shared/use-liked-events';
import { SavedPage } from './saved-page';

const run = anEvent({ id: 3, title: 'Thane Lakeside 10K' });
const swim = anEvent({ id: 7, title: 'Kochi Backwater Swim', category: 'Swimming' });
const events: Record<string, ReturnType<typeof anEvent>> = { '3': run, '7': swim };

function renderSaved(saved: number[]) {
  localStorage.setItem(LIKED_EVENTS_KEY, JSON.stringify(saved));
  return renderWithPlatform(<SavedPage />, {
    route: '/saved',
    api: {
      'GET /api/events/:id': ({ params }: StubbedRequest) =>
        events[params.id!] ? { event: events[params.id!] } : errorResponse(404, 'not_found', 'Event not found'),
    },
  });
}

const titles = () => screen.getAllByTestId('event-card').map((card) => within(card).getByRole('heading').textContent);

afterEach(() => localStorage.clear());

describe('Saved', () => {
  it('lists the events saved in this browser, the latest first, and a heart takes one off at once', async () => {
    renderSaved([3, 7]);
    expect(screen.getByRole('heading', { level: 1, name: 'Saved events' })).toBeTruthy();
    await waitFor(() => expect(titles()).toEqual(['Kochi Backwater Swim', 'Thane Lakeside 10K']));
    expect(screen.getByText('2 events you saved on this device')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Kochi Backwater Swim/, pressed: true }));
    await waitFor(() => expect(titles()).toEqual(['Thane Lakeside 10K']));
    expect(screen.getByText('1 event you saved on this device')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(LIKED_EVENTS_KEY)!)).toEqual([3]);
  });

  it('says how to save one when nothing is saved, and offers all events', async () => {
    renderSaved([]);
    expect(await screen.findByText('Nothing saved yet')).toBeTruthy();
    expect(screen.getByText('Tap the heart on an event to keep it here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all events' }).getAttribute('href')).toBe('/events');
  });

  it('leaves out an event that is no longer listed, and says so', async () => {
    renderSaved([3, 99]);
    await waitFor(() => expect(titles()).toEqual(['Thane Lakeside 10K']));
    expect(await screen.findByText('Some saved events are no longer listed.')).toBeTruthy();
  });
});
