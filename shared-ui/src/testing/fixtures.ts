import { DEFAULT_FIELD_MODES, type Registration, type SportEvent, type StaffUser, type Ticket } from '@tdk/api/contract';

// Complete, valid API objects for screen tests: a test names only the fields it asserts on.

let nextId = 1000;
const id = () => (nextId += 1);

export function anEvent(overrides: Partial<SportEvent> = {}): SportEvent {
  return {
    id: id(),
    organisationId: 1,
    organiser: { slug: 'mumbai-road-runners', displayName: 'Mumbai Road Runners' },
    title: 'Mumbai Monsoon 10K',
    description: 'A 10 km road race along Marine Drive.',
    date: '2026-12-13',
    time: '06:00',
    venue: 'Marine Drive, Mumbai',
    location: 'Mumbai',
    category: 'running',
    maxParticipants: 500,
    price: 799,
    startingPrice: 799,
    highestPrice: 799,
    registered: 120,
    imageUrl: null,
    status: 'Active',
    organizer: 'TDK Sports',
    contactEmail: 'events@tdksports.in',
    contactPhone: '9820012345',
    highlights: [],
    rules: [],
    regulations: [],
    questions: [],
    participantFields: { ...DEFAULT_FIELD_MODES },
    healthReason: '',
    notes: { arrivalNote: null, idNote: null, online: false },
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: id(),
    eventId: 1,
    eventName: 'Mumbai Monsoon 10K',
    eventDate: '2026-12-13',
    name: 'General',
    description: 'Race entry with bib and timing chip',
    price: 799,
    quantity: 400,
    sold: 100,
    held: 0,
    available: 300,
    validFrom: null,
    validUntil: null,
    status: 'Active',
    setting: 'Active',
    category: 'general',
    minAge: null,
    maxAge: null,
    gender: null,
    teamMin: null,
    teamMax: null,
    teamPricing: 'member',
    inclusions: ['Event access'],
    bibFrom: null,
    bibTo: null,
    maxPerOrder: 10,
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aRegistration(overrides: Partial<Registration> = {}): Registration {
  return {
    id: id(),
    registrationNumber: 'TDK-2026-000123',
    bookingReference: 'TDK-2026-000123',
    position: 1,
    orderSize: 1,
    detailsMissing: false,
    answers: {},
    bib: null,
    orderId: 'order_123',
    eventId: 1,
    eventName: 'Mumbai Monsoon 10K',
    eventDate: '2026-12-13',
    eventTime: '06:00',
    eventVenue: 'Marine Drive, Mumbai',
    ticketId: 1,
    ticketName: 'General',
    ticketPrice: 799,
    quantity: 1,
    amount: 799,
    registrationDate: '2026-11-01T09:30:00.000Z',
    status: 'Confirmed',
    paymentStatus: 'Paid',
    paymentMethod: 'upi',
    transactionId: 'cf_txn_1',
    checkInTime: null,
    checkInGate: null,
    qrCode: 'TDK-2026-000123',
    ticketDownloaded: false,
    emailSent: false,
    whatsappSent: false,
    notes: '',
    updatedAt: '2026-11-01T09:30:00.000Z',
    participantInfo: {
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      phone: '9820012345',
      dateOfBirth: null,
      gender: 'female',
      emergencyContact: { name: 'Ravi Rao', phone: '9820054321' },
    },
    additionalInfo: {
      medicalConditions: '',
      dietaryRestrictions: '',
      previousExperience: 'beginner',
      teamName: '',
      shirtSize: 'M',
      bloodGroup: '',
    },
    ...overrides,
  };
}

export function aStaffUser(overrides: Partial<StaffUser> = {}): StaffUser {
  return {
    id: 1,
    email: 'lead@tdksports.in',
    fullName: 'Lead Admin',
    role: 'admin',
    organisationId: 1,
    platformRole: null,
    ...overrides,
  };
}
