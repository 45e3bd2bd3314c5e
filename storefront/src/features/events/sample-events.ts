import { DEFAULT_FIELD_MODES, type SportEvent } from '@tdk/api/contract';

// Bundled fallback of SPEC.md section 8: shown when the API fails or has no events at all.
// Ids are far above any real id so they never collide with a stored event.

const base: Pick<
  SportEvent,
  | 'organisationId'
  | 'organiser'
  | 'maxParticipants'
  | 'registered'
  | 'imageUrl'
  | 'status'
  | 'highlights'
  | 'rules'
  | 'regulations'
  | 'questions'
  | 'participantFields'
  | 'healthReason'
  | 'notes'
  | 'createdAt'
  | 'updatedAt'
> = {
  // No organisation's: a sample is never a stored event (and 'tdk-sports' is a reserved slug, no organiser's page).
  organisationId: 0,
  organiser: { slug: 'tdk-sports', displayName: 'TDK Sports' },
  maxParticipants: 200,
  registered: 0,
  imageUrl: null,
  status: 'Active',
  highlights: [],
  rules: [],
  regulations: [],
  questions: [],
  participantFields: DEFAULT_FIELD_MODES,
  healthReason: '',
  notes: { arrivalNote: null, idNote: null, online: false },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const SAMPLE_EVENTS: SportEvent[] = [
  {
    ...base,
    organisationId: 0,
    id: 900001,
    title: 'Mumbai Sunday Football Cup',
    description: 'Seven-a-side football for amateur teams on a floodlit turf.',
    date: '2026-12-20',
    time: '07:00',
    venue: 'Andheri Sports Complex, Mumbai',
    location: 'Mumbai',
    category: 'Football',
    price: 499,
    startingPrice: 499,
    highestPrice: 499,
    organizer: 'TDK Sports',
    contactEmail: 'hello@tdksports.in',
    contactPhone: '98200 00000',
  },
  {
    ...base,
    organisationId: 0,
    id: 900002,
    title: 'Bandra Seaface 5K Run',
    description: 'A friendly 5K along the sea face, open to every pace.',
    date: '2027-01-10',
    time: '06:00',
    venue: 'Bandstand Promenade, Bandra, Mumbai',
    location: 'Mumbai',
    category: 'Running',
    price: 0,
    startingPrice: 0,
    highestPrice: 0,
    maxParticipants: 1000,
    organizer: 'TDK Sports',
    contactEmail: 'hello@tdksports.in',
    contactPhone: '98200 00000',
  },
  {
    ...base,
    organisationId: 0,
    id: 900003,
    title: 'Delhi Weekend Cricket Bash',
    description: 'T10 cricket for corporate and community teams.',
    date: '2027-01-16',
    time: '09:30',
    venue: 'Siri Fort Sports Complex, Delhi',
    location: 'Delhi',
    category: 'Cricket',
    price: 1200,
    startingPrice: 1200,
    highestPrice: 1200,
    organizer: 'TDK Sports',
    contactEmail: 'hello@tdksports.in',
    contactPhone: '98200 00000',
  },
  {
    ...base,
    organisationId: 0,
    id: 900004,
    title: 'Bangalore Badminton Open',
    description: 'Singles and doubles draws for club players.',
    date: '2027-02-06',
    time: '08:00',
    venue: 'Koramangala Indoor Stadium, Bangalore',
    location: 'Bangalore',
    category: 'Badminton',
    price: 350,
    startingPrice: 350,
    highestPrice: 350,
    organizer: 'TDK Sports',
    contactEmail: 'hello@tdksports.in',
    contactPhone: '98200 00000',
  },
  {
    ...base,
    organisationId: 0,
    id: 900005,
    title: 'Virtual Cycling Challenge',
    description: 'Ride 100 km anywhere in a week and log it online.',
    date: '2027-02-14',
    time: '00:00',
    venue: 'Online',
    location: 'Online',
    category: 'Cycling',
    price: 199,
    startingPrice: 199,
    highestPrice: 199,
    maxParticipants: 5000,
    organizer: 'TDK Sports',
    contactEmail: 'hello@tdksports.in',
    contactPhone: '98200 00000',
  },
  {
    ...base,
    organisationId: 0,
    id: 900006,
    title: 'Chennai Beach Swim Meet',
    description: 'Open-water 1.5 km and 3 km swims with lifeguards on duty.',
    date: '2027-03-07',
    time: '06:30',
    venue: 'Elliot’s Beach, Besant Nagar, Chennai',
    location: 'Chennai',
    category: 'Swimming',
    price: 750,
    startingPrice: 750,
    highestPrice: 750,
    organizer: 'TDK Sports',
    contactEmail: 'hello@tdksports.in',
    contactPhone: '98200 00000',
  },
];

export const isSampleEvent = (id: number) => SAMPLE_EVENTS.some((e) => e.id === id);
