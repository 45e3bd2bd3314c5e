// The business constants of SPEC.md section 9 and the option lists of section 5, written once for
// the API, the forms and the tests.

/**
 * The cities events are held in: the event form's choices (with Online), the public city picker and
 * the filters all read this one list, so an event can be found under the city it was saved with.
 */
export const PUBLIC_CITIES = [
  'Mumbai',
  'Delhi',
  'Bangalore',
  'Chennai',
  'Hyderabad',
  'Pune',
  'Kolkata',
  'Ahmedabad',
  'Gurugram',
  'Jaipur',
  'Noida',
  'Thane',
  'Kochi',
  'Surat',
] as const;
export const ONLINE_CITY = 'Online';
export const DEFAULT_CITY = 'Mumbai';

export const EVENT_CATEGORIES = [
  'Football',
  'Cricket',
  'Basketball',
  'Tennis',
  'Running',
  'Swimming',
  'Cycling',
  'Volleyball',
  'Badminton',
  'Hockey',
  'Athletics',
  'Other',
] as const;

/** The sport chips on Home and All Events: every sport an event can have, after All. */
export const HOME_CATEGORIES = ['all', ...EVENT_CATEGORIES.map((c) => c.toLowerCase())] as readonly string[];

export const TICKET_CATEGORIES = [
  'General',
  'VIP',
  'Early Bird',
  'Super Early Bird',
  'Regular',
  'Premium',
  'Student',
  'Senior Citizen',
  'Group',
  'Family Pack',
] as const;

export const EVENT_STATUSES = ['Draft', 'Active', 'Upcoming', 'Completed', 'Cancelled'] as const;
/** What the event form may set: an event is Cancelled only by cancelling it (decision 025), never by an edit. */
export const EDITABLE_EVENT_STATUSES = ['Draft', 'Active', 'Upcoming', 'Completed'] as const;
/**
 * A ticket type's status as everyone sees it (SPEC's words). Only 'Active' and 'Upcoming' are set by
 * staff (TICKET_SALE_SETTINGS, "on sale" or "not on sale yet / paused"); 'Sold Out' and 'Expired'
 * follow from its seats and its dates (contract/ticket-status.ts, decision 036).
 */
export const TICKET_STATUSES = ['Active', 'Upcoming', 'Sold Out', 'Expired'] as const;
/** What staff set on a ticket type, stored in ticket_types.status (decision 036). */
export const TICKET_SALE_SETTINGS = ['Active', 'Upcoming'] as const;
export const REGISTRATION_STATUSES = ['Pending', 'Confirmed', 'Cancelled', 'Checked-In', 'No-Show'] as const;
/**
 * A waiting-list entry (decision 024): waiting its turn, offered seats (until its offer lapses),
 * used (an order took the offer), expired (the offer lapsed), removed by staff, or ended with its
 * event.
 */
export const WAITING_LIST_STATUSES = ['waiting', 'offered', 'used', 'expired', 'removed', 'ended'] as const;
export type WaitingListStatus = (typeof WAITING_LIST_STATUSES)[number];

/** A browser's place in an event's waiting room (decision 032). */
export const WAITING_ROOM_VISITOR_STATUSES = ['waiting', 'admitted', 'in_checkout', 'bought', 'expired'] as const;
export type WaitingRoomVisitorStatus = (typeof WAITING_ROOM_VISITOR_STATUSES)[number];
export const PAYMENT_STATUSES = ['Paid', 'Pending', 'Failed', 'Refunded'] as const;
export const PAYMENT_METHODS = ['Credit Card', 'Debit Card', 'UPI', 'Net Banking', 'Cash'] as const;

export const GENDERS = ['male', 'female', 'other'] as const;
export const SHIRT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'advanced', 'professional'] as const;

export const ROLES = ['admin', 'manager', 'coordinator', 'support'] as const;
export const ROLE_RANK = { admin: 4, manager: 3, coordinator: 2, support: 1 } as const;
/** The platform's own staff: they see every organisation, approve and suspend them, review events. */
export const PLATFORM_ROLES = ['platform_admin', 'platform_support'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];
/** How long an organiser sign-up's e-mailed link works (decision 053). */
export const SIGNUP_LINK_HOURS = 24;

export const LIMITS = {
  imageBytes: 5 * 1024 * 1024,
  minimumAge: 16,
  phoneDigits: 10,
  lowAvailability: 50,
  holdMinutes: 15,
} as const;

export const TICKET_CODE_PREFIX = 'TDK';
export const REGISTRATION_NUMBER_PREFIX = 'REG';

export const SETTINGS_DEFAULTS = {
  platformName: 'TDK Sports',
  description: 'Discover, book and run sports events across India.',
  contactEmail: 'hello@tdksports.in',
  supportPhone: '+91 98200 00000',
  primaryColor: '#FF6B35',
  secondaryColor: '#2563EB',
  /** An uploaded image (/uploads/...) shown in place of the name's wordmark; '' for none. */
  logoUrl: '',
  // Off on a fresh install, unlike SPEC.md's display-only default: turning it on makes every staff
  // member enrol an authenticator at their next sign-in (docs/decisions/012).
  twoFactorAuth: false,
  loginNotifications: true,
  eventApprovalRequired: false,
  // Email Notifications, the staff alerts, Weekly Reports and the retention period are each
  // organisation's (decision 056), not settings.
  maxEventCapacity: 10000,
  bookingWindowDays: 90,
  platformCommissionPercent: 5,
  // The most an event's convenience fee may be per ticket, in rupees, before its 18 percent GST (decision 060).
  maxConvenienceFeeRupees: 100,
  // The platform's own GST registration (decision 067): it invoices the convenience fee and its GST
  // to the buyer in its own series. '' until a platform admin enters it: then no fee invoice is issued.
  // Its state is the GSTIN's first two digits, not a setting of its own.
  platformLegalName: '',
  platformAddress: '',
  platformGstin: '',
  // The public Terms, Privacy, Refund policy and Contact pages (contract/legal.ts): '' serves the
  // standard text (LEGAL_TEXT_DEFAULTS), kept out of here so every bundle does not carry it.
  termsText: '',
  privacyText: '',
  refundPolicyText: '',
  contactText: '',
  // GST: the seller's registration is its organisation's row (decision 055), not a setting.
  // The privacy notice on the registration form (decision 030): '' shows the standard text of its
  // language (services/privacy-notice.ts). The version goes up by itself when a text changes, and
  // each attendee's consent records the version they were shown.
  privacyNoticeText: '',
  privacyNoticeTextHi: '',
  privacyNoticeTextMr: '',
  privacyNoticeVersion: 1,
} as const;

/** GST on the platform's convenience fee (decision 060): 18 percent, added on top. */
export const CONVENIENCE_FEE_GST_RATE = 18;
