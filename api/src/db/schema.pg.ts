// The data model on PostgreSQL: schema.sqlite.ts table for table and column for column
// (schema-parity.test.ts holds them together; decision 020). Timestamps stay UTC ISO text, as on
// SQLite, so that rows written by SQL and by JS compare as text on both engines; ids are identity
// columns that accept an explicit value (db:copy keeps a SQLite install's ids).
// CHECK constraints name bare columns: drizzle-kit rebuilds a table under a temporary name when it
// alters one, and a table-qualified column would not resolve there.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sealJson, unsealJson, seal, unseal } from './data-crypto';
import {
  EVENT_STATUSES,
  GENDERS,
  PAYMENT_STATUSES,
  REGISTRATION_STATUSES,
  ROLES,
  TICKET_SALE_SETTINGS,
  WAITING_LIST_STATUSES,
  WAITING_ROOM_VISITOR_STATUSES,
} from '../contract/constants';
import { ORGANISATION_STATUSES, PLATFORM_ROLES, type OrganisationProfile } from '../contract/organisations';
import type { AnswerValue } from '../contract/types';
import type { ApiTokenScope } from '../contract/api-tokens';
import type { WebhookAttempt, WebhookEventType } from '../contract/webhooks';
import type { MessageAudience, MessageBodies, MessageChannel } from '../contract/messages';
import type { StartWave } from '../contract/waves';
import type { AgeGroup } from '../contract/age-groups';
import { RESULT_STATUSES } from '../contract/race-times';
import type { EventQuestion, ParticipantFieldModes } from '../contract/questions';
import type { SelfServicePolicy } from '../contract/my-bookings';
import type { EventPostponement } from '../contract/event-postponement';
import type { InvoiceLine, InvoiceSupplier } from '../contract/invoices';
import { TEAM_PRICINGS } from '../contract/teams';
import type { OrderEntity, PaymentEntity, RefundEntity } from '../payments/cashfree-api';
import {
  inList,
  ORDER_STATUSES,
  OUTBOX_STATUSES,
  PAYMENT_RECORD_STATUSES,
  REFUND_STATUSES,
  CANCELLATION_ORDER_STATUSES,
  TAX_MODES,
  INVOICE_ISSUERS,
  INVOICE_KINDS,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_STATUSES,
  CHECK_IN_VIAS,
} from './model';

/** Same format as Date.prototype.toISOString(), so rows written by SQL and by JS compare as text. */
const nowIso = sql`(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
const createdAt = () => text('created_at').notNull().default(nowIso);
const updatedAt = () => text('updated_at').notNull().default(nowIso);
const flag = (name: string) => boolean(name).notNull().default(false);
/** Paise as a 64-bit integer, as SQLite's INTEGER is: a fee times a big field passes 2^31. */
const money = (name: string) => bigint(name, { mode: 'number' });
const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const oneOf = (column: string, values: readonly string[]) => sql.raw(inList(column, values));
/** Personal data sealed at rest (decision 030, db/data-crypto.ts): plaintext to the code, ciphertext in the table. */
const encryptedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => seal(value),
  fromDriver: (value) => unseal(value),
});
/** A JSON value sealed whole (an unpaid order's attendees): {"sealed":"enc:v1:…"} in the jsonb column. */
const encryptedJson = <T>(name: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(sealJson(value)),
    fromDriver: (value) => unsealJson(typeof value === 'string' ? JSON.parse(value) : value) as T,
  })(name);

/**
 * The organisers who sell on the platform (decision 051). Everything an organiser owns hangs from
 * one of these: its events (and everything under them), its members' roles, its audit entries.
 * Its tax identity (legal name, address, state, GSTIN) is the seller's on its invoices.
 */
export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    /** Its page's address, /o/{slug}: unique, lower-case. */
    slug: text('slug').notNull().unique(),
    displayName: text('display_name').notNull(),
    legalName: text('legal_name').notNull(),
    about: text('about').notNull().default(''),
    /** An uploaded image (/uploads/...), or null for the name as a wordmark. */
    logoUrl: text('logo_url'),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    /** The GST state code (contract/gst.ts) it is registered in. */
    state: text('state').notNull(),
    address: text('address').notNull().default(''),
    pan: text('pan').notNull().default(''),
    /** Null for an organisation without GST registration: its buyers get receipts, not tax invoices. */
    gstin: text('gstin'),
    status: text('status', { enum: ORGANISATION_STATUSES }).notNull().default('applied'),
    /** Why it was refused or suspended, as the organiser was told. */
    statusReason: text('status_reason').notNull().default(''),
    /** Event Approval Required does not apply to a trusted organisation. */
    trusted: flag('trusted'),
    /**
     * The platform's commission for this organisation (issue 42, decision 060), in hundredths of a
     * percent (250 = 2.5 %), set by platform staff; null: the platform's setting applies.
     */
    commissionBasisPoints: integer('commission_basis_points'),
    /** The platform staff's own notes, never shown to the organiser. */
    platformNotes: text('platform_notes').notNull().default(''),
    // Its settings (decision 056): its e-mails' sender name and reply-to, its page's accent, its
    // staff alerts and how long its attendees' details are kept.
    /** The From display name of its e-mails; '' for its display name. */
    emailSenderName: text('email_sender_name').notNull().default(''),
    /** Where replies to its e-mails go; '' for its contact e-mail. */
    emailReplyTo: text('email_reply_to').notNull().default(''),
    /** Its organiser page's accent (#RRGGBB); null for the platform's colours. */
    brandColour: text('brand_colour'),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    userRegistrationAlerts: boolean('user_registration_alerts').notNull().default(true),
    newEventAlerts: boolean('new_event_alerts').notNull().default(true),
    weeklyReports: boolean('weekly_reports').notNull().default(false),
    /** Days after an event its attendees' personal details are erased (the money records stay). */
    retentionDays: integer('retention_days').notNull().default(180),
    // The organisation's part of the privacy notice's version (decision 061): moved by a change of
    // what the notice states of it (its retention period), so only its buyers read the notice again.
    noticeVersion: integer('notice_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('organisations_status_check', oneOf('status', ORGANISATION_STATUSES)),
    // The public lists and pages leave out the suspended organisations' events (decision 052,
    // organiserNotSuspended): a search of this index for them, not a scan of every organisation.
    index('organisations_status_idx').on(t.status),
  ],
);

/** A staff account's role in one organisation (decision 051): an account may belong to several. */
export const memberships = pgTable(
  'memberships',
  {
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    /** The account may not act in this organisation; its other organisations are untouched (decision 057). */
    disabled: flag('disabled'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.staffUserId, t.organisationId] }),
    index('memberships_organisation_idx').on(t.organisationId, t.role),
    check('memberships_role_check', oneOf('role', ROLES)),
  ],
);

export const events = pgTable(
  'events',
  {
    id: id(),
    /** The organisation that runs and sells it (decision 051); everything under the event is its too. */
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    date: text('date').notNull(),
    time: text('time').notNull(),
    venue: text('venue').notNull(),
    /** The city: last comma-separated segment of venue, or 'Online'. Stored so filters can index it. */
    location: text('location').notNull(),
    category: text('category').notNull(),
    maxParticipants: integer('max_participants').notNull(),
    pricePaise: money('price_paise').notNull().default(0),
    /**
     * The money taken for the event (services/money-taken.ts: paid or refunded attendees' price less
     * what was refunded to them), a cache that the database keeps (decision 041): triggers on
     * registrations add each change to it in the same transaction, recountMoneyTaken() recounts it,
     * and a test compares the two after a random sequence of sales and refunds.
     */
    takenPaise: money('taken_paise').notNull().default(0),
    imageUrl: text('image_url'),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('Draft'),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    highlights: jsonb('highlights')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rules: jsonb('rules')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    regulations: jsonb('regulations')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Event Approval Required: the status a manager asked for, kept Draft until an admin approves. */
    pendingStatus: text('pending_status', { enum: EVENT_STATUSES }),
    /**
     * Platform staff's reason for sending a submitted event back (decision 052), shown to its
     * organiser until it is submitted again or approved.
     */
    reviewNote: text('review_note'),
    /** Staff's Hindi and Marathi title and description (decision 019), shown on pages in that language. */
    titleHi: text('title_hi'),
    titleMr: text('title_mr'),
    descriptionHi: text('description_hi'),
    descriptionMr: text('description_mr'),
    /** The event's own arrival and ID notes (issue 27): null follows the default for its kind (contract event-notes.ts); '' shows none. */
    arrivalNote: text('arrival_note'),
    idNote: text('id_note'),
    /** Staff's questions (issue 23) and which built-in participant fields are asked. */
    questions: jsonb('questions')
      .$type<EventQuestion[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** GST (decision 031): a recognised sporting event's admissions up to ₹500 a person are exempt. */
    recognisedSport: flag('recognised_sport'),
    /** The GST state code (contract/gst.ts) where the event takes place: the place of supply; null for the organiser's own. */
    gstState: text('gst_state'),
    /**
     * The convenience fee buyers pay per ticket (issue 42, decision 060): 'percent' of the ticket's
     * price after discounts, or 'amount' in paise; null kind: none. GST at 18 percent is added on top.
     */
    convenienceFeeKind: text('convenience_fee_kind', { enum: ['percent', 'amount'] }),
    convenienceFeeValue: integer('convenience_fee_value').notNull().default(0),
    /** Waiting list (decision 024): how long an offer of freed seats holds them, in hours. */
    offerHours: integer('offer_hours').notNull().default(24),
    participantFields: jsonb('participant_fields')
      .$type<Partial<ParticipantFieldModes>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** What buyers may do themselves after the sale (decision 023); '{}' allows nothing. */
    selfService: jsonb('self_service')
      .$type<Partial<SelfServicePolicy>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Set when staff postpone the event (decision 025): its previous date and the refund deadline. */
    /** Why the event asks blood group or medical conditions (decision 030), shown beside them on the form. */
    healthReason: text('health_reason').notNull().default(''),
    postponement: jsonb('postponement').$type<EventPostponement>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_date_idx').on(t.date, t.time),
    // An organisation's events, in date order (every admin list starts from them).
    // An organisation's events in date order, with what its picker shows (id, title, status) and
    // what its Tickets summary sums (the money taken): read from the index alone (decision 059).
    index('events_organisation_idx').on(t.organisationId, t.date, t.time, t.id, t.title, t.status, t.takenPaise),
    // The key its attendees name their event and organisation by (registrations' composite foreign
    // key, decision 059): an event's organisation reaches its attendees' rows by ON UPDATE CASCADE.
    uniqueIndex('events_organisation_key_idx').on(t.id, t.organisationId),
    // The Events list's pages in date order and the event pickers (every event's id, title, date and
    // status, soonest first) from this index alone: an index-only scan on PostgreSQL (decision 041).
    index('events_date_list_idx').on(t.date, t.time, t.id, t.title, t.status),
    index('events_status_idx').on(t.status),
    index('events_category_idx').on(t.category),
    // The public list of one sport (lower(category), as its filter compares), in date order: a page
    // is a walk of it, not a sort of the sport's every event (decision 059).
    index('events_public_category_idx').on(sql`lower(${t.category})`, t.date, t.time, t.id),
    // Events Management sorts by each column on the server (10,000 events): one index per order.
    index('events_title_sort_idx').on(sql`lower(${t.title})`),
    index('events_location_idx').on(t.location),
    // Many events share a capacity and a price: these two end in the id that breaks the order's
    // ties, so that PostgreSQL reads a page of it from the index instead of sorting every event
    // (SQLite's indexes end in the rowid anyway).
    index('events_participants_idx').on(t.maxParticipants, t.id),
    // Events' Revenue sort (the money taken), a page found by walking it.
    index('events_taken_idx').on(t.takenPaise, t.id),
    check('events_status_check', oneOf('status', EVENT_STATUSES)),
    check('events_price_check', sql`price_paise >= 0`),
    check('events_max_participants_check', sql`max_participants >= 1`),
  ],
);

export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The event's organisation, the key Tickets Management is scoped by: the event's own by the composite foreign key below (decision 059). */
    organisationId: integer('organisation_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    pricePaise: money('price_paise').notNull().default(0),
    quantity: integer('quantity').notNull(),
    sold: integer('sold').notNull().default(0),
    /** Seats held by unpaid orders, waiting-list offers and promo codes' reserved blocks (decision 033); sold + held may exceed quantity only by late payments, which are flagged. */
    held: integer('held').notNull().default(0),
    validFrom: text('valid_from'),
    validUntil: text('valid_until'),
    /** Staff's sale setting, Active or Upcoming; 'Sold Out' and 'Expired' are derived (decision 036). */
    status: text('status', { enum: TICKET_SALE_SETTINGS }).notNull().default('Active'),
    category: text('category').notNull(),
    /** Eligibility (decision 021): whole years on the event day, and the one gender the category is for. */
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    gender: text('gender', { enum: GENDERS }),
    /** A team entry: members per team (null: a ticket for one person), priced per member or per team. */
    teamMin: integer('team_min'),
    teamMax: integer('team_max'),
    teamPricing: text('team_pricing', { enum: TEAM_PRICINGS }).notNull().default('member'),
    /** What the ticket includes, one line each, as staff wrote them (issue 27): shown on its storefront card. */
    inclusions: jsonb('inclusions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The GST rate in percent (0, 5, 18 or 40; decision 031), included in the price buyers see. */
    gstRate: integer('gst_rate').notNull().default(18),
    /** The bib range the type's attendees are numbered from, in order of payment. */
    bibFrom: integer('bib_from'),
    bibTo: integer('bib_to'),
    /** The most seats of this type one order may take (decision 027): staff set it, the storefront's pickers stop there. */
    maxPerOrder: integer('max_per_order').notNull().default(10),
    /** A race's age groups (decision 063): bands of whole years on the event day; null means DEFAULT_AGE_GROUPS. */
    ageGroups: jsonb('age_groups').$type<AgeGroup[]>(),
    /** A race's distance in metres (decision 063), for its results' pace and signed results; null when not given. */
    distanceMetres: integer('distance_m'),
    /** A race's cut-off (decision 070) in tenths of a second of gun time: a finisher slower than it is refused at the import; null: none. */
    cutOffTenths: integer('cut_off_tenths'),
    /** A race's start waves (decision 068), in order; null: none. */
    waves: jsonb('waves').$type<StartWave[]>(),
    /** The event question (by id) whose answer is the runner's expected finish time, for deriving waves (decision 068). */
    waveQuestionId: text('wave_question_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ columns: [t.eventId, t.organisationId], foreignColumns: [events.id, events.organisationId] })
      .onUpdate('cascade')
      .onDelete('cascade'),
    index('ticket_types_event_idx').on(t.eventId, t.status),
    // Tickets Management: newest first within the acting organisation (decision 059); its count of
    // those in their window, and its cards summed, from an index alone.
    index('ticket_types_created_idx').on(t.organisationId, t.createdAt, t.id),
    index('ticket_types_window_idx').on(t.validUntil, t.validFrom),
    // The four cards (services/admin-lists.ts ticketSummary) from this index alone: every column
    // their Active test reads (status, window, seats and bib range), so no table row is read.
    index('ticket_types_summary_idx').on(
      t.organisationId,
      t.status,
      t.quantity,
      t.sold,
      t.held,
      t.validFrom,
      t.validUntil,
      t.bibFrom,
      t.bibTo,
    ),
    check('ticket_types_status_check', oneOf('status', TICKET_SALE_SETTINGS)),
    check('ticket_types_price_check', sql`price_paise >= 0`),
    check('ticket_types_counts_check', sql`quantity >= 0 AND sold >= 0 AND held >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    amountPaise: money('amount_paise').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('CREATED'),
    idempotencyKey: text('idempotency_key').unique(),
    /** The provider's payment session for the order (create-order answers it as payment_session_id). */
    providerSessionId: text('provider_session_id'),
    // The payment that paid it (the provider's id, the method, when) is its first SUCCESS row in
    // `payments`, read there (decision 036): the order keeps no copy since migration 0031.
    holdExpiresAt: text('hold_expires_at').notNull(),
    holdReleasedAt: text('hold_released_at'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    orderNote: text('order_note').notNull().default(''),
    /** The booking reference (decision 021), given when the order is paid; its attendees' ticket numbers extend it. */
    bookingReference: text('booking_reference').unique(),
    participant: encryptedJson<Record<string, unknown>>('participant').notNull(),
    /** The buyer's language (decision 019): their e-mails, ticket link and calendar file use it. */
    language: text('language').notNull().default('en'),
    /**
     * The browser that opened the order (decision 027): the SHA-256 of its checkout cookie. Only that
     * browser replaces the hold or is given the ticket link from the order id; null for orders older than it.
     */
    holderHash: text('holder_hash'),
    /** A free order waits for its buyer to confirm their e-mail address: the SHA-256 of the link's token; null once confirmed or for a paid order. */
    emailConfirmHash: text('email_confirm_hash'),
    /** Pricing (decision 031): the discounts taken off the listed prices; amount_paise is what is charged. */
    discountPaise: money('discount_paise').notNull().default(0),
    /** How the order is taxed: 'none' (the organiser has no GSTIN), 'intra' (CGST + SGST) or 'inter' (IGST). */
    taxMode: text('tax_mode', { enum: TAX_MODES }).notNull().default('none'),
    /** The place of supply (the event's GST state code) and the organiser's, as they were at the sale. */
    placeOfSupply: text('place_of_supply'),
    supplierState: text('supplier_state'),
    /** The buyer's GSTIN and business name, printed on the tax invoice (optional). */
    buyerGstin: text('buyer_gstin'),
    buyerBusinessName: text('buyer_business_name'),
    buyerAddress: text('buyer_address'),
    /** When the buyer's and attendees' personal details were erased (decision 030); amounts and payments stay. */
    erasedAt: text('erased_at'),
    /**
     * The promo code the order was priced with (decision 033; no foreign key: a code with orders is
     * disabled, never deleted) and how many of its attendees it applied to: while the order holds
     * its seats, they count against the code's limits.
     */
    promoCodeId: integer('promo_code_id'),
    promoUses: integer('promo_uses').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_promo_idx').on(t.promoCodeId, t.status),
    index('orders_status_hold_idx').on(t.status, t.holdExpiresAt),
    // An event's money taken (services/money-taken.ts) sums its paid orders from this index alone.
    index('orders_event_status_idx').on(t.eventId, t.status, t.amountPaise),
    check('orders_status_check', oneOf('status', ORDER_STATUSES)),
    check('orders_amount_check', sql`amount_paise >= 0`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ticketTypeId: integer('ticket_type_id').references(() => ticketTypes.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unitPricePaise: money('unit_price_paise').notNull(),
    /** Each step of the price (decision 031), summed over the line's attendees: listed, discounts, then tax. */
    grossPaise: money('gross_paise').notNull().default(0),
    groupDiscountPaise: money('group_discount_paise').notNull().default(0),
    promoDiscountPaise: money('promo_discount_paise').notNull().default(0),
    /** What the line's attendees pay (GST included), its taxable value and its taxes. */
    netPaise: money('net_paise').notNull().default(0),
    taxablePaise: money('taxable_paise').notNull().default(0),
    cgstPaise: money('cgst_paise').notNull().default(0),
    sgstPaise: money('sgst_paise').notNull().default(0),
    igstPaise: money('igst_paise').notNull().default(0),
    /** The ticket type's GST rate at the sale, and how many of the line's attendees were exempt from it. */
    gstRate: integer('gst_rate').notNull().default(0),
    exemptQuantity: integer('exempt_quantity').notNull().default(0),
    /** Frozen at the sale (decision 060): the line's convenience fee and its GST (the platform's, paid on top), and the commission from the organiser's share. */
    feePaise: money('fee_paise').notNull().default(0),
    feeGstPaise: money('fee_gst_paise').notNull().default(0),
    commissionPaise: money('commission_paise').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_ticket_idx').on(t.ticketTypeId),
    check('order_lines_quantity_check', sql`quantity > 0`),
  ],
);

/** Money received for an order (decision 022), one row per payment the provider reported. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The provider's payment id; null for a free order, which no provider saw. Unique: fulfilment is idempotent on it. */
    providerPaymentId: text('provider_payment_id').unique(),
    amountPaise: money('amount_paise').notNull(),
    /** 'UPI', 'Credit Card', 'Net Banking', 'Free'… */
    method: text('method').notNull(),
    status: text('status', { enum: PAYMENT_RECORD_STATUSES }).notNull().default('SUCCESS'),
    paidAt: text('paid_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    check('payments_status_check', oneOf('status', PAYMENT_RECORD_STATUSES)),
    check('payments_amount_check', sql`amount_paise >= 0`),
  ],
);

/**
 * Money given back (decision 022): written `pending` in the transaction that decides it, sent to
 * the provider after that commits (by the request, else by the refunds worker), then settled by the
 * provider's webhook or a status read.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** The id we give the provider (from this row's id), so a retry can never refund twice. */
    providerRefundId: text('provider_refund_id').unique(),
    /** The provider's own id for the refund, once it accepted it. */
    providerReference: text('provider_reference'),
    amountPaise: money('amount_paise').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    reason: text('reason').notNull(),
    /** A staff user's id, or 'system' (a late payment) or 'buyer'. */
    requestedBy: text('requested_by').notNull(),
    /** The staff member's e-mail, or 'system' / 'buyer'. */
    requestedByEmail: text('requested_by_email').notNull(),
    // The attendees it covers, and each one's share, are rows of refund_attendees (decision 036).
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull().default(nowIso),
    lastError: text('last_error'),
    /** The provider's words on a final status ('Refund processed successfully', why it failed). */
    statusDescription: text('status_description'),
    processedAt: text('processed_at'),
    /** The failed or cancelled refund this one asks again for (decision 025): each is retried once. */
    retryOf: integer('retry_of'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_retry_of_idx').on(t.retryOf),
    index('refunds_due_idx').on(t.status, t.nextAttemptAt),
    check('refunds_status_check', oneOf('status', REFUND_STATUSES)),
    check('refunds_amount_check', sql`amount_paise > 0`),
  ],
);

export const registrations = pgTable(
  'registrations',
  {
    id: id(),
    /** The attendee's own ticket number (their QR names it): the booking reference and their position. */
    registrationNumber: text('registration_number').notNull().unique(),
    /** The order's booking reference, shared by its attendees (decision 021). */
    bookingReference: text('booking_reference').notNull().default(''),
    /** 1-based place in the order; 0 on a row from before attendees, until db/attendee-migration.ts splits it. */
    position: integer('position').notNull().default(0),
    /** An attendee of an old group registration whose details nobody recorded: staff complete them. */
    detailsMissing: flag('details_missing'),
    /**
     * A position of an order not paid yet (decision 040): written by create-order with the hold, made
     * an attendee (numbered, Confirmed) by fulfilment. Never an attendee while set: every list, count,
     * export, gate, search and figure reads `isAttendee` (db/attendee-rows.ts).
     */
    onHold: flag('on_hold'),
    /** Answers to the event's questions, by question id. */
    /** The attendee's bib (race number); never two alike in an event. */
    bib: integer('bib'),
    /** Staff's hand assignment to a start wave (decision 068), by name; null: the derived wave. */
    waveOverride: text('wave_override'),
    /** The timing chip the attendee wears (decision 068), imported by bib; never two alike in an event. */
    chipId: text('chip_id'),
    answers: jsonb('answers')
      .$type<Record<string, AnswerValue>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /**
     * The event's organisation (decision 059), the key every admin list, count and export of
     * attendees is scoped by. Not a copy kept by hand: the composite foreign key below makes it the
     * event's own (an insert naming another organisation is refused; a change of the event's
     * organisation cascades to its attendees).
     */
    organisationId: integer('organisation_id').notNull(),
    // The event's title, date, time and venue are read from `events` (db/attendee-rows.ts):
    // a postponed event's new date is every attendee's (decision 036).
    ticketId: integer('ticket_id').references(() => ticketTypes.id, { onDelete: 'set null' }),
    ticketName: text('ticket_name').notNull(),
    ticketPricePaise: money('ticket_price_paise').notNull(),
    quantity: integer('quantity').notNull().default(1),
    amountPaise: money('amount_paise').notNull(),
    /** What of this attendee's price is refunded or being refunded (decision 022): their share of the refunds that cover them. */
    refundedPaise: money('refunded_paise').notNull().default(0),
    /** What discounts took off this attendee's listed price, and the GST rate applied to what they paid (0: exempt or untaxed). */
    discountPaise: money('discount_paise').notNull().default(0),
    gstRate: integer('gst_rate').notNull().default(0),
    /** The promo code that applied to this attendee (decision 033: one use while not cancelled), and what it took off. */
    promoCodeId: integer('promo_code_id'),
    promoDiscountPaise: money('promo_discount_paise').notNull().default(0),
    /**
     * Frozen at the sale (decision 060): this attendee's convenience fee and its GST, paid on top of
     * amount_paise (the platform's, never the organiser's takings), the platform's commission taken
     * from amount_paise, and what of the fee and its GST has been refunded (only when the organiser
     * cancelled or postponed the event).
     */
    feePaise: money('fee_paise').notNull().default(0),
    feeGstPaise: money('fee_gst_paise').notNull().default(0),
    commissionPaise: money('commission_paise').notNull().default(0),
    feeRefundedPaise: money('fee_refunded_paise').notNull().default(0),
    registrationDate: text('registration_date').notNull().default(nowIso),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull().default('Pending'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('Pending'),
    paymentMethod: text('payment_method').notNull().default(''),
    transactionId: text('transaction_id').notNull().default(''),
    // Admissions are rows of check_ins (decision 036): when, where, by whom, on which list.
    qrCode: text('qr_code').notNull(),
    ticketDownloaded: flag('ticket_downloaded'),
    emailSent: flag('email_sent'),
    whatsappSent: flag('whatsapp_sent'),
    notes: text('notes').notNull().default(''),
    firstName: text('first_name').notNull().default('Guest'),
    lastName: text('last_name').notNull().default('User'),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    dateOfBirth: text('date_of_birth'),
    gender: text('gender').notNull().default(''),
    emergencyContactName: encryptedText('emergency_contact_name').notNull().default(''),
    emergencyContactPhone: encryptedText('emergency_contact_phone').notNull().default(''),
    medicalConditions: encryptedText('medical_conditions').notNull().default(''),
    dietaryRestrictions: text('dietary_restrictions').notNull().default(''),
    previousExperience: text('previous_experience').notNull().default(''),
    teamName: text('team_name').notNull().default(''),
    shirtSize: text('shirt_size').notNull().default(''),
    bloodGroup: encryptedText('blood_group').notNull().default(''),
    /** Consent (decision 030): the privacy notice's version the buyer accepted for this attendee, and when. */
    consentNoticeVersion: integer('consent_notice_version'),
    // The organiser's part of the notice version consented to (decision 061); null: given before
    // the notice had an organiser's part (the platform's version alone).
    consentOrganiserNoticeVersion: integer('consent_organiser_notice_version'),
    consentAt: text('consent_at'),
    /** An attendee under 18 on the event day: their parent or guardian, who consented for them, and when. */
    guardianName: encryptedText('guardian_name').notNull().default(''),
    guardianRelation: text('guardian_relation').notNull().default(''),
    guardianPhone: encryptedText('guardian_phone').notNull().default(''),
    guardianConsentAt: text('guardian_consent_at'),
    /** When the attendee's personal details were erased (a request or the retention period): the row keeps its money. */
    erasedAt: text('erased_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One attendee per place in an order makes fulfilment idempotent; a booking reference lists its attendees.
    uniqueIndex('registrations_order_idx').on(t.orderId, t.position),
    index('registrations_promo_idx').on(t.promoCodeId),
    index('registrations_booking_idx').on(t.bookingReference),
    uniqueIndex('registrations_bib_idx').on(t.eventId, t.bib),
    uniqueIndex('registrations_chip_idx').on(t.eventId, t.chipId),
    // The event and its organisation (decision 059): the organisation is the event's, by this key.
    foreignKey({ columns: [t.eventId, t.organisationId], foreignColumns: [events.id, events.organisationId] })
      .onUpdate('cascade')
      .onDelete('cascade'),
    // The console's filters each walk an index in the list's order (newest first) and count from
    // it, within the acting organisation (decision 059); the status index also covers the stats
    // (status, payment and amount without the rows).
    index('registrations_event_date_idx').on(t.eventId, t.registrationDate),
    // Each begins (organisation, on_hold): every list keeps to its organisation's attendees
    // (isAttendee is on_hold = false), so a page, a count or a late offset is a range of the index
    // in the list's order (date, then id), read from the index alone on PostgreSQL.
    index('registrations_status_date_idx').on(t.organisationId, t.onHold, t.status, t.registrationDate, t.id, t.paymentStatus),
    index('registrations_payment_date_idx').on(t.organisationId, t.onHold, t.paymentStatus, t.registrationDate, t.id),
    // The list's own order, the id breaking ties, so that PostgreSQL skips to a late page inside the
    // index instead of sorting the dates it walks (SQLite's indexes end in the rowid anyway); and the
    // stats' columns alone (the money taken among them), which PostgreSQL reads whole more cheaply than the table.
    index('registrations_date_idx').on(t.organisationId, t.onHold, t.registrationDate, t.id),
    index('registrations_stats_idx').on(t.organisationId, t.onHold, t.status, t.paymentStatus, t.amountPaise, t.refundedPaise),
    index('registrations_ticket_idx').on(t.ticketId),
    // The positions of unpaid orders (decision 040), few beside the attendees: the sweep that drops lapsed ones finds them here.
    index('registrations_on_hold_idx')
      .on(t.orderId)
      .where(sql`${t.onHold}`),
    check('registrations_status_check', oneOf('status', REGISTRATION_STATUSES)),
    check('registrations_payment_status_check', oneOf('payment_status', PAYMENT_STATUSES)),
    check('registrations_amounts_check', sql`amount_paise >= 0 AND ticket_price_paise >= 0 AND quantity >= 1`),
  ],
);

export const staffUsers = pgTable(
  'staff_users',
  {
    id: id(),
    /** Stored lower-cased. */
    email: text('email').notNull().unique(),
    fullName: text('full_name').notNull(),
    // Its role is a role in each organisation it belongs to: memberships (decision 051).
    /** The platform's own staff (platform admin, platform support); null for an organiser's staff. */
    platformRole: text('platform_role', { enum: PLATFORM_ROLES }),
    passwordHash: text('password_hash').notNull(),
    /** Bumped on logout or password reset; sessions carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    disabled: flag('disabled'),
    lastLoginAt: text('last_login_at'),
    /** Two-Factor Authentication: the TOTP secret (base32) once enrolled, and when. */
    twoFactorSecret: encryptedText('two_factor_secret'),
    twoFactorEnabledAt: text('two_factor_enabled_at'),
    /** The TOTP time step (30 s) of the last code accepted: a code of that step or before is a replay. */
    twoFactorLastStep: integer('two_factor_last_step'),
    /** SHA-256 hashes of the unused recovery codes. */
    recoveryCodes: jsonb('recovery_codes').$type<string[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [check('staff_users_platform_role_check', sql`platform_role IS NULL OR ${oneOf('platform_role', PLATFORM_ROLES)}`)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull().default(nowIso),
    lastError: text('last_error'),
    registrationId: integer('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    /** The organisation it is sent for: its sender name and reply-to (decision 056); null for the platform's own. */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: text('sent_at'),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // An order's messages (its console page; whether checkout may say a confirmation is on its way).
    index('email_outbox_registration_idx').on(t.registrationId),
    check('email_outbox_status_check', oneOf('status', OUTBOX_STATUSES)),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: integer('actor_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** The organisation whose data the action read or changed (decision 051); null for the platform's own. */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_organisation_idx').on(t.organisationId, t.createdAt),
  ],
);

/** Weekly Reports: one row per India week (its Monday), written with the e-mail, so a week is reported once. */
export const weeklyReports = pgTable('weekly_reports', {
  weekOf: text('week_of').primaryKey(),
  sentAt: text('sent_at').notNull().default(nowIso),
});

/**
 * The newsletter list, double opt-in (decision 029): a row is written when an address is asked for
 * and counts as subscribed only once `confirmed_at` is set, by the link mailed to it (only the
 * link's SHA-256 is kept). `language` is the visitor's, for that e-mail and the newsletters.
 */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: id(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
  language: text('language').notNull().default('en'),
  confirmTokenHash: text('confirm_token_hash').unique(),
  confirmSentAt: text('confirm_sent_at'),
  confirmedAt: text('confirmed_at'),
});

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    /** e.g. 'email:someone@example.com' or 'ip:203.0.113.5'. */
    key: text('key').notNull(),
    at: text('at').notNull().default(nowIso),
  },
  (t) => [index('login_attempts_key_at_idx').on(t.key, t.at)],
);

/**
 * Two-factor challenges already spent (issue 28): a challenge opens one session, or one enrolment,
 * once. Kept until the challenge would have expired anyway.
 */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  /** The challenge's own id (its JWT jti). */
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull(),
  spentAt: text('spent_at').notNull(),
  expiresAt: text('expires_at').notNull(),
});

/**
 * A staff member's forgotten-password link (issue 27): only the SHA-256 of its token is kept, it
 * works once and for 30 minutes, and using it revokes every session of the member.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    requestedIp: text('requested_ip'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_staff_idx').on(t.staffUserId)],
);

/**
 * A sign-up waiting for its e-mail to be verified (decision 053): the organisation's profile and its
 * first admin's name as given, the admin's password already hashed (argon2id), and only the SHA-256
 * of the mailed link's token. Verifying creates the organisation and marks the row used.
 */
export const organisationSignups = pgTable(
  'organisation_signups',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first admin's e-mail, lower-case: the address the link was sent to. */
    email: text('email').notNull(),
    profile: jsonb('profile').$type<OrganisationProfile>().notNull(),
    admin: jsonb('admin').$type<{ fullName: string }>().notNull(),
    passwordHash: text('password_hash').notNull(),
    requestedIp: text('requested_ip'),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('organisation_signups_email_idx').on(t.email)],
);

/** Fixed-window counters every instance shares (create-order limits per address and per buyer). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: text('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** Background jobs (hold sweep, reconcile, weekly report): one instance holds a job's lease at a time. */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: text('expires_at').notNull(),
});

/** The payments emulator's orders (development only), where every instance sees them. */
export const emulatorOrders = pgTable(
  'emulator_orders',
  {
    id: text('id').primaryKey(),
    appId: text('app_id').notNull(),
    sessionId: text('session_id').notNull().unique(),
    idempotencyKey: text('idempotency_key').unique(),
    entity: jsonb('entity').$type<OrderEntity>().notNull(),
    payments: jsonb('payments').$type<PaymentEntity[]>().notNull(),
    refunds: jsonb('refunds')
      .$type<RefundEntity[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('emulator_orders_created_idx').on(t.createdAt)],
);

/**
 * The waiting list of a sold-out ticket type (decision 024): one entry per e-mail per type, in
 * `position` order. An offered entry holds `quantity` seats in ticket_types.held until
 * offer_expires_at; the order that uses its token takes them over.
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower case: the key of one entry per e-mail per ticket type. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    quantity: integer('quantity').notNull(),
    language: text('language').notNull().default('en'),
    /** The order of the list within its ticket type (staff move entries up and down). */
    position: integer('position').notNull(),
    status: text('status', { enum: WAITING_LIST_STATUSES }).notNull().default('waiting'),
    offerToken: text('offer_token'),
    offeredAt: text('offered_at'),
    offerExpiresAt: text('offer_expires_at'),
    /** When the offer's e-mail was queued (the outbox worker queues it, once). */
    offerMailedAt: text('offer_mailed_at'),
    /** The order that used the offer. */
    orderId: text('order_id'),
    /**
     * When the entry's e-mail was confirmed through the link mailed to it (issue 40): until then it
     * holds no place, is offered nothing and is not counted in the demand.
     */
    confirmedAt: text('confirmed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('waiting_list_type_email_idx').on(t.ticketTypeId, t.email),
    uniqueIndex('waiting_list_offer_token_idx').on(t.offerToken),
    index('waiting_list_queue_idx').on(t.ticketTypeId, t.status, t.position),
    index('waiting_list_event_idx').on(t.eventId, t.status),
    index('waiting_list_offer_expiry_idx').on(t.status, t.offerExpiresAt),
    check('waiting_list_status_check', oneOf('status', WAITING_LIST_STATUSES)),
    check('waiting_list_quantity_check', sql`quantity >= 1`),
  ],
);

/** One-time sign-in links to My bookings (decision 023): only a hash of the token is kept. */
export const buyerSignInLinks = pgTable(
  'buyer_sign_in_links',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The buyer's e-mail, lower case. */
    email: text('email').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('buyer_sign_in_links_expires_idx').on(t.expiresAt)],
);

/**
 * A participant's credit with an organiser (decision 071): what they paid for an attendee they
 * deferred to the organiser's next edition, less the event's change fee. Rows, never a balance:
 * a credit is spent by setting `used_at` (and the order it paid for).
 */
export const buyerCredits = pgTable(
  'buyer_credits',
  {
    id: id(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** The buyer's e-mail, lower case. */
    email: text('email').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** The deferred attendee. */
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    createdAt: text('created_at').notNull(),
    usedAt: text('used_at'),
    usedOrderId: text('used_order_id'),
  },
  (t) => [
    index('buyer_credits_email_idx').on(t.email, t.organisationId),
    uniqueIndex('buyer_credits_registration_idx').on(t.registrationId),
    check('buyer_credits_amount_check', sql`amount_paise >= 0`),
  ],
);

/** Ticket numbers an attendee held before a transfer gave them a new one: the gate names the reason. */
export const replacedTicketNumbers = pgTable(
  'replaced_ticket_numbers',
  {
    number: text('number').primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    replacedAt: text('replaced_at').notNull(),
  },
  (t) => [index('replaced_ticket_numbers_registration_idx').on(t.registrationId)],
);

/**
 * One admission (decision 036): an attendee admitted once per check-in list (the gate's 'entry';
 * the race-day issue adds kit collection and the organiser's own lists), at a gate, from a device,
 * by a staff member, at a time, online or synced from an offline device.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: id(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    list: text('list').notNull().default('entry'),
    gate: text('gate'),
    /** The device's own words for itself (its User-Agent), when it said. */
    device: text('device'),
    staffEmail: text('staff_email').notNull(),
    via: text('via', { enum: CHECK_IN_VIAS }).notNull(),
    checkedInAt: text('checked_in_at').notNull(),
    /**
     * At kit collection (decision 065): what was handed over, a JSON array of KIT_ITEMS
     * ('bib', 'tshirt', 'medal', 'goodies'), as the desk ticked it; null on other lists.
     */
    items: text('items'),
    /** At kit collection for someone else (decision 065): the collector's name, as the desk read it. */
    collectorName: text('collector_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('check_ins_attendee_list_idx').on(t.registrationId, t.list),
    index('check_ins_list_gate_idx').on(t.list, t.gate),
    check('check_ins_via_check', oneOf('via', CHECK_IN_VIAS)),
  ],
);

/**
 * A participant's authorisation for someone else to collect their kit (decision 069): signed into
 * the QR My bookings shows (TDK-KIT-{id}-{signature}), single-use. Issuing a new one withdraws
 * the attendee's live one; the kit desk's admission through it marks it used, in one transaction.
 */
export const kitAuthorisations = pgTable(
  'kit_authorisations',
  {
    id: id(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    collectorName: text('collector_name').notNull(),
    createdAt: text('created_at').notNull(),
    /** Withdrawn by the participant, or replaced by a newer authorisation. */
    revokedAt: text('revoked_at'),
    /** When the kit desk handed the kit over on it; then the check-in it made. */
    usedAt: text('used_at'),
    checkInId: integer('check_in_id').references(() => checkIns.id, { onDelete: 'set null' }),
  },
  (t) => [index('kit_authorisations_attendee_idx').on(t.registrationId)],
);

/**
 * An event's cancellation (decision 025): who cancelled it, when, why and the fee kept per attendee;
 * `completed_at` once every paid order it listed has had its refund decided.
 */
export const eventCancellations = pgTable(
  'event_cancellations',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** Kept per paid attendee; 0 for full refunds. */
    feePaise: money('fee_paise').notNull().default(0),
    cancelledBy: text('cancelled_by').notNull(),
    cancelledByEmail: text('cancelled_by_email').notNull(),
    completedAt: text('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [check('event_cancellations_fee_check', sql`fee_paise >= 0`)],
);

/**
 * The paid orders a cancellation refunds, one row each, listed in the cancellation's transaction:
 * `to_refund` until the cancellation job decides its refund (`refunded`, with the refund) or finds
 * nothing left to refund (`nothing_to_refund`). The job claims a row by moving it out of
 * `to_refund` in the refund's own transaction, so a restart resumes and nothing is refunded twice.
 */
export const eventCancellationOrders = pgTable(
  'event_cancellation_orders',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => eventCancellations.eventId, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CANCELLATION_ORDER_STATUSES }).notNull().default('to_refund'),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_cancellation_orders_order_idx').on(t.orderId),
    index('event_cancellation_orders_event_idx').on(t.eventId, t.status),
    check('event_cancellation_orders_status_check', oneOf('status', CANCELLATION_ORDER_STATUSES)),
  ],
);

/**
 * An event's waiting room (decision 032): the on-sale time, the admission rate and caps staff set,
 * and the queue's own counters. `opened_at` and `shuffle_seed` are written once, when the pre-queue
 * is shuffled at the on-sale time; `admitted_through` is the last place in line admitted.
 */
export const waitingRooms = pgTable(
  'waiting_rooms',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    enabled: flag('enabled'),
    onSaleAt: text('on_sale_at').notNull(),
    ratePerMinute: integer('rate_per_minute').notNull(),
    finishMinutes: integer('finish_minutes').notNull().default(10),
    capPerEmail: integer('cap_per_email').notNull().default(4),
    capPerPhone: integer('cap_per_phone').notNull().default(4),
    browsersPerAddress: integer('browsers_per_address').notNull().default(10),
    paused: flag('paused'),
    openedAt: text('opened_at'),
    shuffleSeed: text('shuffle_seed'),
    preQueueCount: integer('pre_queue_count').notNull().default(0),
    lastNumber: integer('last_number').notNull().default(0),
    admittedThrough: integer('admitted_through').notNull().default(0),
    /** Admissions owed but not yet given, in thousandths of a visitor (the rate is per minute). */
    admitCredit: integer('admit_credit').notNull().default(0),
    lastAdmitAt: text('last_admit_at'),
    soldOutAt: text('sold_out_at'),
    closedAt: text('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check('waiting_rooms_rate_check', sql`rate_per_minute >= 1`),
    check('waiting_rooms_finish_check', sql`finish_minutes >= 1`),
    check('waiting_rooms_caps_check', sql`cap_per_email >= 1 and cap_per_phone >= 1 and browsers_per_address >= 1`),
  ],
);

/**
 * One browser's place in an event's waiting room: `number` is its place in line (null in the
 * pre-queue until the shuffle at opening); its status moves waiting → admitted → in_checkout →
 * bought, or to expired when its entry token lapses unused (the turn passes on).
 */
export const waitingRoomVisitors = pgTable(
  'waiting_room_visitors',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    /** A keyed hash of the address the browser joined from (never the address itself). */
    addressHash: text('address_hash').notNull(),
    number: integer('number'),
    status: text('status', { enum: WAITING_ROOM_VISITOR_STATUSES }).notNull().default('waiting'),
    admittedAt: text('admitted_at'),
    tokenExpiresAt: text('token_expires_at'),
    orderId: text('order_id'),
    joinedAt: text('joined_at').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('waiting_room_visitors_visitor_idx').on(t.eventId, t.visitorId),
    uniqueIndex('waiting_room_visitors_number_idx').on(t.eventId, t.number),
    index('waiting_room_visitors_status_idx').on(t.eventId, t.status, t.number),
    index('waiting_room_visitors_address_idx').on(t.eventId, t.addressHash),
    check('waiting_room_visitors_status_check', oneOf('status', WAITING_ROOM_VISITOR_STATUSES)),
  ],
);

/**
 * The last number given in each invoice series (decision 031): one row per kind and financial
 * year, moved by one conditional UPDATE inside the paying (or refunding) transaction, so its row
 * lock orders concurrent payments on every instance and a rolled-back payment gives its number back.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    /** Each organisation numbers its own documents (decision 051). */
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** 'INV/2627' (tax invoices of April 2026 to March 2027) or 'CRN/2627' (credit notes). */
    series: text('series').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.series] })],
);

/**
 * The last number of each of the platform's own series (decision 067): its convenience-fee
 * invoices ('PF/2627') and their credit notes ('PFC/2627'), one row per series and financial year,
 * moved like invoice_counters inside the paying or refunding transaction, after the organisation's.
 */
export const platformInvoiceCounters = pgTable('platform_invoice_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/** Tax invoices and credit notes (decision 031), as issued: everything CGST Rule 46 prints, kept as it was. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    /** The organisation that issued it, whose series it is numbered in (decision 051). */
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** 'INV/2627/000001': series and a consecutive number, at most 16 characters; unique in its organisation. */
    number: text('number').notNull(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    /**
     * Who issued it (decision 067): the organisation that sold the tickets ('organiser', numbered in
     * its own series), or the platform for the convenience fee and its GST ('platform', numbered in
     * the platform's series, platform_invoice_counters). `organisation_id` stays the order's
     * organisation either way, so every query of an organisation still finds its orders' documents.
     */
    issuer: text('issuer', { enum: INVOICE_ISSUERS }).notNull().default('organiser'),
    series: text('series').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** A credit note's invoice and refund. */
    invoiceId: integer('invoice_id'),
    refundId: integer('refund_id').references(() => refunds.id),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    issuedAt: text('issued_at').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerGstin: text('buyer_gstin'),
    buyerBusinessName: text('buyer_business_name'),
    buyerAddress: text('buyer_address'),
    taxMode: text('tax_mode', { enum: TAX_MODES }).notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    /** The organiser's legal name, address, state and GSTIN at the time. */
    supplier: jsonb('supplier').$type<InvoiceSupplier>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    taxablePaise: money('taxable_paise').notNull(),
    cgstPaise: money('cgst_paise').notNull(),
    sgstPaise: money('sgst_paise').notNull(),
    igstPaise: money('igst_paise').notNull(),
    totalPaise: money('total_paise').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_series_sequence_idx').on(t.organisationId, t.series, t.sequence),
    // The platform's numbers are unique across organisations: its series are its own (PF/, PFC/).
    uniqueIndex('invoices_platform_sequence_idx')
      .on(t.series, t.sequence)
      .where(sql`${t.issuer} = 'platform'`),
    uniqueIndex('invoices_number_idx').on(t.organisationId, t.number),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_issued_idx').on(t.issuedAt),
    index('invoices_event_idx').on(t.eventId, t.issuedAt),
  ],
);

/** Group discounts (decision 031): per event, at least N tickets of the chosen types get X % off those, applied automatically. */
export const groupDiscounts = pgTable(
  'group_discounts',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    percent: integer('percent').notNull(),
    // The ticket types it names are rows of its join table (decision 036); none: all of the event's.
    active: flag('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('group_discounts_event_idx').on(t.eventId)],
);

/**
 * An organiser's own check-in list for an event (decision 065): a VIP enclosure, a second day.
 * The built-in lists, 'entry' and 'kit', are not rows; a check-in names its list by 'entry',
 * 'kit' or the text of this row's id. The event's organisation owns it (decision 051).
 */
export const checkInLists = pgTable(
  'check_in_lists',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('check_in_lists_event_idx').on(t.eventId)],
);

/** The ticket types an organiser's check-in list admits (decision 065); none: all of its event's. */
export const checkInListTicketTypes = pgTable(
  'check_in_list_ticket_types',
  {
    checkInListId: integer('check_in_list_id')
      .notNull()
      .references(() => checkInLists.id, { onDelete: 'cascade' }),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.checkInListId, t.ticketTypeId] }),
    index('check_in_list_ticket_types_type_idx').on(t.ticketTypeId),
  ],
);

/**
 * A buyer's request about their personal data (decision 030): erasure of everything held about the
 * orders of one e-mail, asked from My bookings and acted on by staff. The e-mail itself is replaced
 * by its SHA-256 once the request is done, so the row proves the request without keeping the address.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: id(),
    /** The organiser the request is made to (decision 055): the organisation whose events hold the bookings. */
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    kind: text('kind', { enum: DATA_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: DATA_REQUEST_STATUSES }).notNull().default('pending'),
    email: text('email').notNull(),
    /** The booking references the request covered, as they were when it was made. */
    bookingReferences: text('booking_references').notNull().default(''),
    requestedAt: text('requested_at').notNull(),
    handledAt: text('handled_at'),
    handledByEmail: text('handled_by_email'),
    /** Staff's words to the buyer (why declined: an event still to come, a dispute). */
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_requests_organisation_idx').on(t.organisationId, t.status, t.requestedAt),
    index('data_requests_status_idx').on(t.status, t.requestedAt),
    index('data_requests_email_idx').on(t.email),
    check('data_requests_kind_check', oneOf('kind', DATA_REQUEST_KINDS)),
    check('data_requests_status_check', oneOf('status', DATA_REQUEST_STATUSES)),
  ],
);

/**
 * Promo codes (decision 033): per event, a code (matched case-insensitively: `code_key` is its upper
 * case, unique per event) that takes a percentage or an amount off, or sets the price of, tickets of
 * the chosen types, within a validity window and limits. `value` is the percentage or paise.
 * `reserved_held` is how many seats of its one ticket type the code's block counts in that type's
 * `held` now (a sponsor's block kept out of the general sale).
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    codeKey: text('code_key').notNull(),
    kind: text('kind').notNull(),
    value: money('value').notNull(),
    // The ticket types it names are rows of its join table (decision 036); none: all of the event's.
    /** UTC ISO; null: open. */
    validFrom: text('valid_from'),
    validUntil: text('valid_until'),
    maxUses: integer('max_uses'),
    maxUsesPerEmail: integer('max_uses_per_email'),
    reservedSeats: integer('reserved_seats'),
    reservedHeld: integer('reserved_held').notNull().default(0),
    active: flag('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('promo_codes_event_key_idx').on(t.eventId, t.codeKey)],
);

/**
 * The attendees a refund covers (decision 036), each with their share of its amount (refundShares:
 * in proportion to what each paid, the odd paise to the first). `registrations.refunded_paise` is a
 * cache of the shares of their refunds that still give money back (recountRefunded).
 */
export const refundAttendees = pgTable(
  'refund_attendees',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    sharePaise: money('share_paise').notNull(),
    /** Of the refund, this attendee's convenience fee and its GST given back (decision 060: only when the organiser cancelled or postponed); share_paise is the ticket money. */
    feeSharePaise: money('fee_share_paise').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.registrationId] }),
    index('refund_attendees_attendee_idx').on(t.registrationId),
    check('refund_attendees_share_check', sql`share_paise >= 0`),
  ],
);

/**
 * The ticket types a promo code applies to (decision 036); a code with none applies to all of its
 * event's. A type named here cannot be deleted (services/tickets.ts says which codes name it).
 */
export const promoCodeTicketTypes = pgTable(
  'promo_code_ticket_types',
  {
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.ticketTypeId] }), index('promo_code_ticket_types_type_idx').on(t.ticketTypeId)],
);

/** The ticket types a group discount counts and discounts (decision 036); none: all of its event's. */
export const groupDiscountTicketTypes = pgTable(
  'group_discount_ticket_types',
  {
    groupDiscountId: integer('group_discount_id')
      .notNull()
      .references(() => groupDiscounts.id, { onDelete: 'cascade' }),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupDiscountId, t.ticketTypeId] }),
    index('group_discount_ticket_types_type_idx').on(t.ticketTypeId),
  ],
);

/**
 * An organisation's API token for /api/v1 (decision 062): only the SHA-256 of the secret is kept,
 * with a short prefix shown in the console to tell tokens apart. Revoked or past its expiry it
 * opens nothing; the row stays so the audit log can name it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Of API_TOKEN_SCOPES (contract/api-tokens.ts). */
    scopes: jsonb('scopes').$type<ApiTokenScope[]>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    expiresAt: text('expires_at'),
    revokedAt: text('revoked_at'),
    lastUsedAt: text('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    createdByUserId: integer('created_by_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_organisation_idx').on(t.organisationId)],
);

/**
 * A results file as saved (issue 43, decision 063): each import of an event's results is a new
 * version, numbered per event and kept; publishing makes the event's latest version public
 * (`published_at`), and the public reads the newest published one.
 */
export const resultVersions = pgTable(
  'result_versions',
  {
    id: id(),
    eventId: integer('event_id').notNull(),
    /** The event's organisation (decision 051/059): the event's own by the composite foreign key. */
    organisationId: integer('organisation_id').notNull(),
    number: integer('number').notNull(),
    rows: integer('rows').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    publishedAt: text('published_at'),
    /** When every finisher of this published version had their certificate e-mail queued (decision 070); null until then. */
    certificatesQueuedAt: text('certificates_queued_at'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.eventId, t.organisationId], foreignColumns: [events.id, events.organisationId] })
      .onUpdate('cascade')
      .onDelete('cascade'),
    uniqueIndex('result_versions_event_number_idx').on(t.eventId, t.number),
  ],
);

/**
 * One runner's result in a version (decision 063). Frozen at the import, named as such: the race
 * (`race_id`, the attendee's ticket type then) and the bib as the file gave them, and the category
 * derived from the attendee's date of birth, gender and the race's age groups on the event day. The
 * ranks are a cache that `rankVersion` (services/results.ts) recomputes on import and withhold;
 * services/results.test.ts compares it with a recount.
 */
export const results = pgTable(
  'results',
  {
    id: id(),
    versionId: integer('version_id')
      .notNull()
      .references(() => resultVersions.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    raceId: integer('race_id').notNull(),
    bib: integer('bib').notNull(),
    /** The line of the file it came from. */
    line: integer('line').notNull(),
    status: text('status', { enum: RESULT_STATUSES }).notNull(),
    /** Tenths of a second. */
    gunTenths: integer('gun_tenths'),
    netTenths: integer('net_tenths'),
    splits: jsonb('splits')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    category: text('category').notNull(),
    /** Held back by staff (a DQ under review): not shown, not ranked. */
    withheld: flag('withheld'),
    withheldReason: text('withheld_reason').notNull().default(''),
    rankOverall: integer('rank_overall'),
    rankGender: integer('rank_gender'),
    rankCategory: integer('rank_category'),
  },
  (t) => [
    uniqueIndex('results_version_bib_idx').on(t.versionId, t.bib),
    uniqueIndex('results_version_registration_idx').on(t.versionId, t.registrationId),
    // The public page: a race's results in rank order, and a category's, within a version.
    index('results_version_race_rank_idx').on(t.versionId, t.raceId, t.rankOverall, t.id),
    index('results_version_category_idx').on(t.versionId, t.raceId, t.category, t.rankCategory, t.id),
    index('results_registration_idx').on(t.registrationId),
    check('results_status_check', oneOf('status', RESULT_STATUSES)),
  ],
);

/**
 * An organisation's webhook endpoint (issue 45, decision 064): the URL it is told of its changes at,
 * the event types it wants and the signing secret (Standard Webhooks' whsec_…, sealed at rest like
 * personal data). Disabled by its admins (`manual`) or by the worker when it failed for the whole
 * retry window (`failing`).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Of WEBHOOK_EVENT_TYPES (contract/webhooks.ts). */
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    secret: encryptedText('secret').notNull(),
    /**
     * The secret before the last rotation (decision 074), sealed like `secret`: deliveries are signed
     * with both until `previous_secret_expires_at` (24 hours after the rotation), then with `secret` only.
     */
    previousSecret: encryptedText('previous_secret'),
    previousSecretExpiresAt: text('previous_secret_expires_at'),
    disabledAt: text('disabled_at'),
    /** 'manual' (an admin) or 'failing' (every delivery failed for the retry window). */
    disabledReason: text('disabled_reason'),
    createdByUserId: integer('created_by_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_organisation_idx').on(t.organisationId)],
);

/**
 * One event for one endpoint (decision 064): written in the transaction of the change it tells of
 * (the outbox), sent by the webhooks worker, retried on a schedule for three days. `payload` is the
 * body as first sent (every retry and redelivery sends the same bytes under the same message id);
 * `attempts` is the log the console shows.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** Standard Webhooks' webhook-id: msg_…, the same on every attempt. */
    messageId: text('message_id').notNull().unique(),
    eventType: text('event_type').notNull(),
    /** The id of the resource the event is about (an order's text id, an attendee's number…). */
    resourceId: text('resource_id').notNull(),
    /** Sealed at rest (decision 030): it holds buyers' and attendees' personal data. */
    payload: encryptedText('payload'),
    /** pending, succeeded or failed. */
    state: text('state').notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: text('next_attempt_at'),
    attempts: jsonb('attempts').$type<WebhookAttempt[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

/**
 * A message to an event's registrants (issue 44, decision 072): what staff wrote, to whom (the
 * audience's filters as given) and when; its recipients are rows of event_message_recipients,
 * resolved when it was composed. The event's organisation under the event's own key (decision 059).
 */
export const eventMessages = pgTable(
  'event_messages',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The event's organisation, by the composite key below (decision 059): never another's. */
    organisationId: integer('organisation_id').notNull(),
    subject: text('subject').notNull(),
    /** The text per language ({ en, hi?, mr? }); a recipient whose language has none gets English. */
    bodies: jsonb('bodies').$type<MessageBodies>().notNull(),
    channels: jsonb('channels').$type<MessageChannel[]>().notNull(),
    /** The audience's filters as staff gave them (the recipients are resolved once, at composing). */
    audience: jsonb('audience').$type<MessageAudience>().notNull(),
    sendAt: text('send_at').notNull(),
    /** queued (waiting for send_at), sending (handing recipients to the outbox), sent. */
    state: text('state').notNull().default('queued'),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdByUserId: integer('created_by_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
    sentAt: text('sent_at'),
  },
  (t) => [
    foreignKey({ columns: [t.eventId, t.organisationId], foreignColumns: [events.id, events.organisationId] })
      .onUpdate('cascade')
      .onDelete('cascade'),
    index('event_messages_event_idx').on(t.eventId, t.id),
    index('event_messages_due_idx').on(t.state, t.sendAt),
  ],
);

/**
 * One attendee of one message (decision 072): the address, phone and language it goes to, and each
 * channel's state. (message, attendee) is unique, and a recipient is handed to the outbox in the
 * transaction that marks it queued, so a send interrupted by a restart resumes without sending
 * anyone the message twice.
 */
export const eventMessageRecipients = pgTable(
  'event_message_recipients',
  {
    id: id(),
    messageId: integer('message_id')
      .notNull()
      .references(() => eventMessages.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    language: text('language').notNull().default('en'),
    /** Of EMAIL_DELIVERY_STATES (contract/messages.ts); once queued, the outbox row says sent or failed. */
    emailState: text('email_state').notNull().default('pending'),
    emailOutboxId: integer('email_outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    whatsappState: text('whatsapp_state').notNull().default('not_requested'),
    /** The WhatsApp provider's message id (wamid), when one was sent. */
    whatsappMessageId: text('whatsapp_message_id'),
    error: text('error'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_message_recipients_attendee_idx').on(t.messageId, t.registrationId),
    index('event_message_recipients_state_idx').on(t.messageId, t.emailState, t.id),
    index('event_message_recipients_registration_idx').on(t.registrationId),
  ],
);

/**
 * An address that opted out of an organisation's announcements (decision 072): kept, and honoured by
 * every later message of that organisation. Tickets, refunds and legal notices still go.
 */
export const announcementOptOuts = pgTable(
  'announcement_opt_outs',
  {
    id: id(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('announcement_opt_outs_email_idx').on(t.organisationId, t.email)],
);
