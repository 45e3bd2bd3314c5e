import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { SportEvent } from '@tdk/api/contract';
import { renderWithPlatform } from '@tdk/shared-ui/testing';
import { LIKED_EVENTS_KEY } from '../shared/use-liked-events';
import { EventCard } from './event-card';
import { SAMPLE_EVENTS } from './sample-events';
import { filterEvents } from './filters';

const event = (overrides: Partial<SportEvent>): SportEvent => ({ ...SAMPLE_EVENTS[0]!, ...overrides });

describe('EventCard', () => {
  it("shows 'Free' for a starting price of 0", () => {
    renderWithPlatform(<EventCard event={event({ id: 7, startingPrice: 0 })} />);
    expect(screen.getByTestId('event-price').textContent).toBe('Free');
  });

  it("says 'Tickets not on sale yet' when no ticket is on sale, whatever the event's own price", () => {
    renderWithPlatform(<EventCard event={event({ id: 6, price: 0, startingPrice: null, highestPrice: null })} />);
    expect(screen.getByTestId('event-price').textContent).toBe('Tickets not on sale yet');
  });

  it("shows '₹N onwards' for a paid event, from startingPrice", () => {
    renderWithPlatform(<EventCard event={event({ id: 8, price: 2000, startingPrice: 1499 })} />);
    expect(screen.getByTestId('event-price').textContent).toBe('₹1,499 onwards');
  });

  it('shows title, date, time and venue, with placeholder art when there is no image', () => {
    renderWithPlatform(
      <EventCard
        event={event({ id: 9, title: 'Pune Hill Run', date: '2026-12-05', time: '18:30', venue: 'Vetal Hill, Pune' })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Pune Hill Run' })).toBeTruthy();
    expect(screen.getByText('5 December 2026')).toBeTruthy();
    expect(screen.getByText('6:30 pm')).toBeTruthy();
    expect(screen.getByText('Vetal Hill, Pune')).toBeTruthy();
    expect(screen.getByTestId('event-art')).toBeTruthy();
  });

  it('shows an uploaded image sized for the card: its copies in srcset, a fixed box, lazy below the first row', () => {
    const imageUrl = '/uploads/0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
    const { container } = renderWithPlatform(<EventCard event={event({ id: 10, imageUrl })} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(imageUrl);
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/0f8fad5b-d9cb-469f-a165-70867728950e-w480.jpg 480w, /uploads/0f8fad5b-d9cb-469f-a165-70867728950e-w960.jpg 960w',
    );
    expect(img.getAttribute('sizes')).toContain('300px');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '360']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(screen.queryByTestId('event-art')).toBeNull();
  });

  it('fetches the picture at once for a card of the first row', () => {
    const { container } = renderWithPlatform(<EventCard event={event({ id: 11 })} eager />);
    expect(container.querySelector('img')!.getAttribute('loading')).toBe('eager');
  });

  it('links Register Now to the register tab', () => {
    renderWithPlatform(<EventCard event={event({ id: 42 })} />);
    const link = screen.getByRole('link', { name: /Register Now/ }) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/event/42?register=true');
  });

  it('remembers the like toggle in the browser (aria-pressed)', () => {
    renderWithPlatform(<EventCard event={event({ id: 5, title: 'Swim Meet' })} />);
    const like = screen.getByRole('button', { name: 'Like Swim Meet' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    const unlike = screen.getByRole('button', { name: 'Unlike Swim Meet' });
    expect(unlike.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(window.localStorage.getItem(LIKED_EVENTS_KEY)!)).toEqual([5]);
  });
});

describe('filterEvents (sample fallback)', () => {
  // Before every sample's date, so none has ended.
  const before = new Date('2026-06-01T00:00:00Z');

  it('filters by category case-insensitively, by city (with Online) and by text', () => {
    const filter = (filters: Parameters<typeof filterEvents>[1]) => filterEvents(SAMPLE_EVENTS, filters, before);
    expect(filter({ category: 'FOOTBALL' }).map((e) => e.category)).toEqual(['Football']);
    const mumbai = filter({ city: 'Mumbai' });
    expect(mumbai.some((e) => e.location === 'Mumbai')).toBe(true);
    expect(mumbai.every((e) => e.location === 'Mumbai' || e.location === 'Online')).toBe(true);
    expect(mumbai.filter((e) => e.location === 'Online')).toHaveLength(1);
    expect(filter({ city: 'Online' }).map((e) => e.location)).toEqual(['Online']);
    expect(filter({ q: 'bandra' })).toHaveLength(1);
    expect(filter({ category: 'all' })).toHaveLength(SAMPLE_EVENTS.length);
  });

  it('leaves out the samples whose day has passed, as the API does', () => {
    const dates = SAMPLE_EVENTS.map((e) => e.date).sort();
    const afterFirst = new Date(`${dates[1]}T00:00:00+05:30`);
    expect(filterEvents(SAMPLE_EVENTS, {}, afterFirst).map((e) => e.date)).toEqual(dates.slice(1));
  });
});
