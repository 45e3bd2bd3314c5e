import type { EventOrganiser } from './organiser-page';
import type { SelfServicePolicy } from './my-bookings';
import type { EventPostponement } from './event-postponement';
import type {
  EVENT_STATUSES,
  TICKET_STATUSES,
  TICKET_SALE_SETTINGS,
  REGISTRATION_STATUSES,
  PAYMENT_STATUSES,
  ROLES,
  SETTINGS_DEFAULTS,
  GENDERS,
} from './constants';
import type { EventQuestion, ParticipantFieldModes } from './question-rules';
import type { TeamPricing } from './teams';
import type { AgeGroup } from './age-groups';
import type { AssignedWave, StartWave } from './waves';
import type { EventNoteFields } from './event-notes';

export type EventStatus = (typeof EVENT_STATUSES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** What staff set on a ticket type: on sale, or not yet / paused (decision 036). */
export type TicketSaleSetting = (typeof TICKET_SALE_SETTINGS)[number];
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type Role = (typeof ROLES)[number];
export type Gender = (typeof GENDERS)[number];

/** An event as the API shows it (DESIGN.md section 3); prices in rupees. */
export interface SportEvent {
  /** Set on the public event when its results are published (decision 063): the page links to them. */
  resultsPublished?: boolean;
  id: number;
  /** The organisation that runs and sells it (decision 051). */
  organisationId: number;
  /**
   * That organisation as the public sees it: its name and page, /o/{slug} (decision 054); one
   * public event's answer also gives its legal name (decision 055).
   */
  organiser: EventOrganiser;
  title: string;
  description: string;
  date: string; // YYYY-MM-DD, Asia/Kolkata
  time: string; // HH:mm, Asia/Kolkata
  venue: string;
  location: string; // the city: last comma-separated segment of venue, or 'Online'
  category: string;
  maxParticipants: number;
  price: number;
  /** Lowest and highest price of the event's tickets on sale (its Active ones); null when none is on sale yet. */
  startingPrice: number | null;
  highestPrice: number | null;
  registered: number;
  imageUrl: string | null;
  status: EventStatus;
  organizer: string;
  contactEmail: string;
  contactPhone: string;
  highlights: string[];
  rules: string[];
  regulations: string[];
  createdAt: string;
  updatedAt: string;
  /** Events Management's list only: the money taken, in rupees (paid orders less refunds; services/money-taken.ts). */
  moneyTaken?: number;
  /** Admin lists only: the status a manager asked for while Event Approval Required holds it Draft. */
  pendingStatus?: EventStatus | null;
  /** Admin answers: platform staff's reason for sending it back, until it is submitted again (decision 052). */
  reviewNote?: string | null;
  /** Staff's own Hindi and Marathi title and description, shown on a page in that language when present (decision 019). */
  translations?: EventTranslations;
  /** Questions per event (issue 23): staff's own, and which built-in participant fields are asked. */
  questions: EventQuestion[];
  participantFields: ParticipantFieldModes;
  /** Why the event asks blood group or medical conditions (decision 030); '' says the standard reason. */
  healthReason: string;
  /** Waiting list (decision 024): how long an offer of freed seats holds them, in hours. */
  offerHours?: number;
  /** What buyers may do themselves after the sale (decision 023). */
  selfService?: SelfServicePolicy;
  /** The event was moved to its present date (decision 025): from when, and the full-refund deadline. */
  postponement?: EventPostponement | null;
  /** The event's arrival and ID notes as stored (contract `eventNotesFor` gives the words to show). */
  notes: EventNoteFields;
  /** GST (decision 031): a recognised sporting event (its admissions up to ₹500 a person exempt), and the state it is held in (null: the organiser's). */
  recognisedSport?: boolean;
  gstState?: string | null;
  /** The convenience fee per ticket (decision 060): percent of the ticket after discounts, or rupees; null: none. GST at 18 percent on top. */
  convenienceFee?: { kind: 'percent' | 'amount'; value: number } | null;
}

/** An event's title and description in Hindi and Marathi, as staff entered them; a missing one shows the original. */
export type EventTranslations = Partial<Record<'hi' | 'mr', { title?: string | null; description?: string | null }>>;

export interface Ticket {
  id: number;
  eventId: number;
  eventName: string;
  eventDate: string | null;
  name: string;
  description: string;
  price: number;
  quantity: number;
  sold: number;
  held: number;
  available: number;
  validFrom: string | null;
  validUntil: string | null;
  /** As buyers see it: Sold Out and Expired follow from the seats and dates (decision 036). */
  status: TicketStatus;
  /** What staff set (the form's Status): on sale, or not yet / paused. */
  setting: TicketSaleSetting;
  category: string;
  /** Eligibility (issue 23): whole years on the event day, and the one gender the category is for; null when open. */
  minAge: number | null;
  maxAge: number | null;
  gender: Gender | null;
  /** A team entry: members per team (null for a ticket for one person), priced per member or per team. */
  teamMin: number | null;
  teamMax: number | null;
  teamPricing: TeamPricing;
  /** What the ticket includes, a line each, as staff wrote them. */
  inclusions: string[];
  /** The bib range its attendees are numbered from, in order of payment; null when the type has no bibs. */
  bibFrom: number | null;
  bibTo: number | null;
  /** The most seats of this type one order may take (decision 027); the storefront's pickers stop there. */
  maxPerOrder: number;
  /** A race's age groups (decision 063); null: the default bands (DEFAULT_AGE_GROUPS). */
  ageGroups?: AgeGroup[] | null;
  /** A race's distance in kilometres (decision 063); null when not given. */
  distanceKm?: number | null;
  /** A race's cut-off, H:MM:SS of gun time (decision 070); null when none. */
  cutOff?: string | null;
  /** A race's start waves in order (decision 068); null: none. */
  waves?: StartWave[] | null;
  /** The event question whose answer (expected finish time) places runners in a wave; null: by hand only. */
  waveQuestionId?: string | null;
  /** The GST rate in percent included in the price (decision 031); always sent by the API. */
  gstRate?: number;
  createdAt: string;
  updatedAt: string;
}

export interface ParticipantInfo {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string | null;
  gender: string;
  emergencyContact: { name: string; phone: string };
}

/**
 * An attendee's details as the console receives them: their contacts (e-mail, phone, emergency
 * contact) are left out for a role that does not see contacts (gate staff, decision 047).
 */
export type ShownParticipantInfo = Omit<ParticipantInfo, 'email' | 'phone' | 'emergencyContact'> &
  Partial<Pick<ParticipantInfo, 'email' | 'phone' | 'emergencyContact'>>;

export interface AdditionalInfo {
  medicalConditions: string;
  dietaryRestrictions: string;
  previousExperience: string;
  teamName: string;
  shirtSize: string;
  bloodGroup: string;
}

/** The answer to one of an event's questions. */
export type AnswerValue = string | number | boolean | string[];

/**
 * One attendee of an order (DESIGN.md section 4): their own ticket type and price paid, details,
 * ticket code and check-in. `registrationNumber` is the attendee's own ticket number (their QR
 * names it); `bookingReference` is the order's, shared by all its attendees.
 */
export interface Registration {
  /** The event's arrival and ID notes, where the ticket is shown (the console, the ticket page). */
  eventNotes?: EventNoteFields;
  id: number;
  registrationNumber: string;
  bookingReference: string;
  /** 1-based place in the order ('runner 2 of 3'), and how many the order holds. */
  position: number;
  orderSize: number;
  /** A ticket of an order from before attendees were recorded one by one: staff complete the details. */
  detailsMissing: boolean;
  answers: Record<string, AnswerValue>;
  /** The attendee's start wave (decision 068): staff's hand assignment or derived; null when the race has no waves. */
  wave?: AssignedWave | null;
  /** Staff's hand assignment (a wave's name), null when the wave is derived. */
  waveOverride?: string | null;
  /** The timing chip imported by bib (decision 068); null until imported. */
  chipId?: string | null;
  /** The attendee's bib (race number), when the event numbers this ticket type. */
  bib: number | null;
  orderId: string | null;
  eventId: number;
  eventName: string;
  eventDate: string;
  eventTime: string;
  eventVenue: string;
  ticketId: number | null;
  ticketName: string;
  ticketPrice: number;
  quantity: number;
  amount: number;
  registrationDate: string;
  status: RegistrationStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string;
  transactionId: string;
  checkInTime: string | null;
  /** The gate (device) of the check-in, when there was one. */
  checkInGate: string | null;
  qrCode: string;
  ticketDownloaded: boolean;
  emailSent: boolean;
  whatsappSent: boolean;
  notes: string;
  /** When it last changed: the edit form sends it back, so a stale save is refused. */
  updatedAt: string;
  participantInfo: ShownParticipantInfo;
  additionalInfo: AdditionalInfo;
}

export interface RegistrationStats {
  totalRegistrations: number;
  confirmedRegistrations: number;
  pendingRegistrations: number;
  cancelledRegistrations: number;
  checkedInRegistrations: number;
  paidRegistrations: number;
  /** Rupees; left out for a role that does not see revenue (decision 047). */
  totalRevenue?: number;
}

export interface StaffUser {
  id: number;
  email: string;
  fullName: string;
  /** The role in the organisation acted in now (decision 051); platform staff who are no member of it act as support. */
  role: Role;
  /** The organisation acted in now: every admin answer is scoped to it; null for an account in none. */
  organisationId: number | null;
  /** The platform's own staff role, or null for an organiser's staff. */
  platformRole: import('./organisations').PlatformRole | null;
}

export interface PlatformConfig {
  platformName: string;
  primaryColor: string;
  secondaryColor: string;
  supportEmail: string;
  /** An uploaded logo, or '' for the name as a wordmark. */
  logoUrl: string;
  /** Platform Management limits the forms and the event page apply before the API does. */
  maxEventCapacity: number;
  bookingWindowDays: number;
  cities: string[];
  defaultCity: string;
  homeCategories: string[];
  eventCategories: string[];
  payments: { provider: 'cashfree'; mode: 'sandbox' | 'production'; sdkUrl: string; emulated: boolean };
  /** The privacy notice the registration form shows and asks consent to (decision 030). */
  privacyNotice: import('./personal-data').PrivacyNotice;
}

export interface NavItem {
  label: string;
  path: string;
  icon: string;
  minRole: Role;
  /** Sidebar position across every remote, ascending (Dashboard 10, Events 20, ...). */
  order?: number;
  /**
   * Shown only to platform staff with one of these platform roles (decision 052), on top of
   * minRole; left out, the item is for every member with minRole.
   */
  platformRoles?: import('./organisations').PlatformRole[];
}

/** One entry of GET /remotes.json (DESIGN.md section 2). */
export interface RemoteEntry {
  name: string;
  entry: string;
  basePath: string;
  nav: NavItem[];
}

export type ApiErrorCode =
  | 'validation_error'
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  // API v1 (decision 062): If-Match stale, or missing on a change.
  | 'precondition_failed'
  | 'precondition_required'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable'
  // Staff sign-in and access control (SPEC.md section 8, DESIGN.md section 6).
  | 'unauthenticated'
  | 'invalid_credentials'
  | 'account_disabled'
  | 'cross_origin'
  // Checkout and payments (DESIGN.md section 5).
  | 'amount_mismatch'
  | 'sold_out'
  | 'invalid_signature'
  | 'payment_provider_error'
  // A queued sale's waiting room (decision 032).
  | 'queue_required'
  | 'entry_token_invalid'
  | 'entry_token_expired'
  | 'cap_exceeded'
  // My bookings (decision 023).
  | 'link_used'
  | 'link_expired'
  | 'link_invalid'
  | 'not_allowed'
  | 'deadline_passed';

/** The one error shape of DESIGN.md section 3; `code` is an ApiErrorCode. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean : T;

/** The platform settings (SPEC.md section 2, Settings); defaults in SETTINGS_DEFAULTS. */
export type PlatformSettings = { -readonly [K in keyof typeof SETTINGS_DEFAULTS]: Widen<(typeof SETTINGS_DEFAULTS)[K]> };

// Response bodies of the read endpoints, so clients need not restate them.
export interface HealthResponse {
  status: 'ok';
  db: 'ok';
  /** The database and DATA_DIR can be written (issue 40); otherwise 503 "Database unwritable: …". */
  storage: 'ok';
  version: string;
}
/** One page of GET /api/events; `nextCursor` asks for the next one, null on the last page. */
export interface EventsResponse {
  events: SportEvent[];
  nextCursor: string | null;
}
export interface EventResponse {
  event: SportEvent;
}
export interface TicketsResponse {
  tickets: Ticket[];
}
export interface RegistrationsResponse {
  registrations: Registration[];
}

/**
 * GET /api/tickets/:number?t=token: the booking reference's link shows every attendee's ticket of
 * the order; an attendee's own link (their ticket number) shows only theirs.
 */
export interface TicketLinkResponse {
  bookingReference: string;
  /** The event's arrival and ID notes (contract `eventNotesFor` gives the words in the page's language). */
  notes: EventNoteFields;
  tickets: Registration[];
  platformName: string;
  supportEmail: string;
}
