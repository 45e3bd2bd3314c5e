import type { EventInput } from '../contract';

/** A valid Create Event form, a draft unless told otherwise (the catalogue's and lists' tests). */
export const anEventInput = (overrides: Partial<EventInput> = {}): EventInput => ({
  title: 'Kochi Backwater Swim',
  description: 'A 2 km open-water swim.',
  category: 'Swimming',
  date: '2027-01-20',
  time: '07:00',
  city: 'Kochi',
  venue: 'Marine Drive Walkway, Kochi',
  maxParticipants: 300,
  price: 899,
  contactEmail: 'swim@kerala-aquatics.in',
  contactPhone: '98470 12345',
  status: 'Draft',
  imageUrl: null,
  highlights: ['Timing chips'],
  rules: [],
  regulations: [],
  ...overrides,
});
