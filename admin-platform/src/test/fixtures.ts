// The platform staff's answers as the API gives them, for the screens' tests.
import type { EventForReview, PlatformOrganisation, PlatformOrganisationSummary } from '@tdk/api/contract';
import { aStaffUser, anEvent, aTicket } from '@tdk/shared-ui/testing';

export const platformAdmin = aStaffUser({ role: 'support', platformRole: 'platform_admin', organisationId: 1 });
export const platformSupport = aStaffUser({ role: 'support', platformRole: 'platform_support', organisationId: 1 });
export const organiserAdmin = aStaffUser({ role: 'admin', platformRole: null, organisationId: 2 });

export const anOrganisationSummary = (overrides: Partial<PlatformOrganisationSummary> = {}): PlatformOrganisationSummary => ({
  id: 2,
  slug: 'bengaluru-football-league',
  displayName: 'Bengaluru Football League',
  legalName: 'Bengaluru Football League LLP',
  contactEmail: 'hello@bfl.in',
  status: 'approved',
  statusReason: '',
  trusted: false,
  createdAt: '2026-10-01T10:00:00.000Z',
  counts: { events: 3, paidOrders: 41, moneyTaken: 20500 },
  ...overrides,
});

export const anOrganisation = (overrides: Partial<PlatformOrganisation> = {}): PlatformOrganisation => ({
  ...anOrganisationSummary(),
  about: 'Five-a-side leagues across the city.',
  logoUrl: null,
  contactPhone: '98450 11223',
  state: '29',
  address: 'Indiranagar, Bengaluru',
  pan: 'AAPFU0939F',
  gstin: null,
  platformNotes: '',
  commissionPercent: null,
  updatedAt: '2026-10-01T10:00:00.000Z',
  admins: [{ fullName: 'Kiran Rao', email: 'kiran@bfl.in' }],
  ...overrides,
});

export const aSubmittedEvent = (overrides: Partial<EventForReview> = {}): EventForReview => {
  const { status: _status, ...event } = anEvent({ id: 41, title: 'Koramangala Night League', venue: 'KSFA Ground, Bengaluru' });
  return {
    ...event,
    description: 'Eight teams, floodlit matches.',
    status: 'Submitted',
    pendingStatus: 'Active',
    organisation: {
      id: 2,
      slug: 'bengaluru-football-league',
      displayName: 'Bengaluru Football League',
      status: 'approved',
      trusted: false,
    },
    tickets: [{ ...aTicket({ id: 7, eventId: 41, name: 'Team Entry', price: 2500 }), available: 8 }],
    ...overrides,
  };
};
