// Every query key of the platform, by resource, in one place: a screen's query and another
// remote's mutation name the same data the same way, so invalidation is precise.
//
// Staff data lives under 'admin' (signing out drops all of it at once), public data under
// 'public'. A list key holds its parameters last, so invalidating `all` reaches every page of it.

type Params = Record<string, string | number | boolean | null | undefined>;

/** Parameters without empty values, so `{ q: '' }` and `{}` are one cache entry. */
function compact(params: Params | undefined): Params {
  const kept: Params = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    kept[key] = value;
  }
  return kept;
}

export const queryKeys = {
  session: ['session'] as const,
  config: ['config'] as const,
  public: {
    all: ['public'] as const,
    events: {
      all: ['public', 'events'] as const,
      /** The paged public list (an infinite query: its data is every page loaded so far). */
      pages: (params?: Params) => ['public', 'events', 'pages', compact(params)] as const,
      detail: (id: number | string) => ['public', 'events', 'detail', String(id)] as const,
      tickets: (eventId: number | string) => ['public', 'events', 'detail', String(eventId), 'tickets'] as const,
      /** A waiting-list offer's link (decision 024): what checkout fills in. */
      offer: (eventId: number | string, token: string) => ['public', 'events', 'detail', String(eventId), 'offer', token] as const,
      /** This browser's place in the event's waiting room (decision 032). */
      queue: (eventId: number | string) => ['public', 'events', 'detail', String(eventId), 'queue'] as const,
    },
    /** The Booking Summary's quote (decision 031): the server's price of these attendees. */
    quote: (eventId: number, attendees: readonly { ticketId: number; team?: string }[], promoCode?: string) =>
      ['public', 'quote', eventId, attendees.map((a) => [a.ticketId, a.team ?? null]), promoCode?.trim().toUpperCase() ?? null] as const,
    /** My bookings: the signed-in buyer's orders (decision 023). */
    bookings: ['public', 'bookings'] as const,
    /** The signed-in buyer's latest erasure request (decision 030). */
    erasureRequest: ['public', 'bookings', 'erasure'] as const,
    /** An organiser's public page (decision 054), by its slug in lower case. */
    organisers: {
      all: ['public', 'organisers'] as const,
      detail: (slug: string) => ['public', 'organisers', slug.toLowerCase()] as const,
    },
    /** Published results (decision 063): an event's, filtered, and one runner's. */
    results: {
      all: ['public', 'results'] as const,
      event: (eventId: number, params?: Params) => ['public', 'results', 'event', eventId, compact(params)] as const,
      detail: (resultId: number) => ['public', 'results', 'detail', resultId] as const,
      keys: ['public', 'results', 'keys'] as const,
    },
    /** A public page's text: /terms, /privacy, /refunds or /contact. */
    legal: (page: string) => ['public', 'legal', page] as const,
  },
  admin: {
    all: ['admin'] as const,
    events: {
      all: ['admin', 'events'] as const,
      list: (params?: Params) => ['admin', 'events', 'list', compact(params)] as const,
      detail: (id: number) => ['admin', 'events', 'detail', id] as const,
      /** A cancelled event's refunds' progress (decision 025). */
      cancellation: (id: number) => ['admin', 'events', 'detail', id, 'cancellation'] as const,
      /** An event's waiting room: settings, live figures, audit (decision 032). */
      waitingRoom: (id: number) => ['admin', 'events', 'detail', id, 'waiting-room'] as const,
      /** An event's group discounts (decision 031). */
      groupDiscounts: (id: number) => ['admin', 'events', 'detail', id, 'group-discounts'] as const,
      /** An event's check-in lists and their counts per list and gate (decision 065). */
      checkInLists: (id: number) => ['admin', 'events', 'detail', id, 'check-in-lists'] as const,
      checkInCounts: (id: number) => ['admin', 'events', 'detail', id, 'check-in-counts'] as const,
      /** An event's promo codes with their uses and revenue (decision 033). */
      promoCodes: (id: number) => ['admin', 'events', 'detail', id, 'promo-codes'] as const,
      /** An event's results: versions and the latest one's rows, searched (decision 063). */
      results: (id: number, q?: string) => ['admin', 'events', 'detail', id, 'results', q ?? ''] as const,
      /** An event's messages to registrants, and one message's recipients (decision 072). */
      messages: (id: number) => ['admin', 'events', 'detail', id, 'messages'] as const,
      message: (id: number, messageId: number) => ['admin', 'events', 'detail', id, 'messages', messageId] as const,
      /** Every event's id, title and date, for pickers. */
      options: ['admin', 'events', 'options'] as const,
    },
    tickets: {
      all: ['admin', 'tickets'] as const,
      list: (params?: Params) => ['admin', 'tickets', 'list', compact(params)] as const,
      summary: ['admin', 'tickets', 'summary'] as const,
      /** One ticket type (a race's start waves, decision 068). */
      detail: (id: number) => ['admin', 'tickets', 'detail', id] as const,
      /** A ticket type's waiting list (decision 024). */
      waitingList: (ticketId: number) => ['admin', 'tickets', 'waiting-list', ticketId] as const,
    },
    registrations: {
      all: ['admin', 'registrations'] as const,
      list: (params?: Params) => ['admin', 'registrations', 'list', compact(params)] as const,
      detail: (id: number) => ['admin', 'registrations', 'detail', id] as const,
      /** One order (booking) with its attendees: under registrations, so an attendee's edit refreshes it. */
      order: (orderId: string) => ['admin', 'registrations', 'order', orderId] as const,
      stats: ['admin', 'registrations', 'stats'] as const,
    },
    /** Tax invoices and credit notes (decision 031): a refund issues a credit note. */
    invoices: {
      all: ['admin', 'invoices'] as const,
      list: (params?: Params) => ['admin', 'invoices', 'list', compact(params)] as const,
    },
    insights: {
      all: ['admin', 'insights'] as const,
      dashboard: ['admin', 'insights', 'dashboard'] as const,
      analytics: (params?: Params) => ['admin', 'insights', 'analytics', compact(params)] as const,
    },
    users: {
      all: ['admin', 'users'] as const,
      list: ['admin', 'users', 'list'] as const,
    },
    participants: {
      all: ['admin', 'participants'] as const,
      list: ['admin', 'participants', 'list'] as const,
    },
    audit: {
      all: ['admin', 'audit'] as const,
      list: (params?: Params) => ['admin', 'audit', 'list', compact(params)] as const,
    },
    settings: {
      all: ['admin', 'settings'] as const,
    },
    /** The acting organisation's profile and tax identity (decision 055). */
    organisation: {
      all: ['admin', 'organisation'] as const,
    },
    /** The organisation's API tokens for /api/v1 (decision 062). */
    apiTokens: {
      all: ['admin', 'api-tokens'] as const,
    },
    /** The organisation's webhook endpoints and their delivery logs (decision 064). */
    webhooks: {
      all: ['admin', 'webhooks'] as const,
      deliveries: (id: number) => ['admin', 'webhooks', 'deliveries', id] as const,
    },
    /** Buyers' personal-data requests (decision 030). */
    dataRequests: {
      all: ['admin', 'data-requests'] as const,
    },
    /** The platform staff's: every organisation and the event review queue (decision 052). */
    platform: {
      all: ['admin', 'platform'] as const,
      organisations: (params?: Params) => ['admin', 'platform', 'organisations', compact(params)] as const,
      organisation: (id: number) => ['admin', 'platform', 'organisation', id] as const,
      events: ['admin', 'platform', 'events'] as const,
      /** The platform's own staff (decision 058). */
      staff: ['admin', 'platform', 'staff'] as const,
      /** Staff accounts found by e-mail (decision 061). */
      accounts: (email: string) => ['admin', 'platform', 'accounts', email] as const,
    },
  },
} as const;

/** What a change to each resource makes stale: the resource itself and everything built on it. */
// Every staff write is audited, so each of them also makes the audit log stale.
const { admin, public: publicKeys, config } = queryKeys;
export const INVALIDATES = {
  events: [admin.events.all, admin.tickets.all, admin.registrations.all, admin.insights.all, admin.audit.all, publicKeys.events.all],
  tickets: [admin.tickets.all, admin.events.all, admin.insights.all, admin.audit.all, publicKeys.events.all],
  registrations: [
    admin.registrations.all,
    admin.tickets.all,
    admin.participants.all,
    admin.insights.all,
    admin.audit.all,
    admin.invoices.all,
    publicKeys.events.all,
  ],
  users: [admin.users.all, admin.audit.all],
  settings: [admin.settings.all, admin.audit.all, config],
  // Its name and tax identity: the public event pages name the organiser.
  organisation: [admin.organisation.all, admin.audit.all, publicKeys.events.all],
  apiTokens: [admin.apiTokens.all, admin.audit.all],
  // A delivery log lives under its endpoint's key: a redelivery refreshes it with the list.
  webhooks: [admin.webhooks.all, admin.audit.all],
  // A message to registrants lives under its event's key (decision 072).
  messages: [admin.events.all, admin.audit.all],
  // An erasure changes attendees and orders everywhere they are shown.
  dataRequests: [
    admin.dataRequests.all,
    admin.registrations.all,
    admin.participants.all,
    admin.insights.all,
    admin.audit.all,
  ],
  // An organisation approved, suspended or its event reviewed changes what is public and its events.
  platform: [admin.platform.all, admin.events.all, admin.audit.all, publicKeys.events.all],
} as const satisfies Record<string, readonly (readonly unknown[])[]>;

export type Resource = keyof typeof INVALIDATES;
