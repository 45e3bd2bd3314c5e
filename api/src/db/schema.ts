// The tables services query: this process's engine's (PROCESS_DATABASE_ENGINE, from DATABASE_URL),
// typed as PostgreSQL's so that one set of services compiles against one API. schema.sqlite.ts and
// schema.pg.ts define the same tables and columns (schema-parity.test.ts); only db/ imports them.
import { PROCESS_DATABASE_ENGINE } from '../env';
import * as pg from './schema.pg';
import * as sqlite from './schema.sqlite';

const active = (PROCESS_DATABASE_ENGINE === 'postgres' ? pg : sqlite) as unknown as typeof pg;

export const {
  organisations,
  memberships,
  events,
  ticketTypes,
  orders,
  orderLines,
  registrations,
  staffUsers,
  settings,
  emailOutbox,
  auditLog,
  weeklyReports,
  newsletterSubscribers,
  loginAttempts,
  passwordResets,
  organisationSignups,
  twoFactorChallenges,
  rateLimits,
  jobLeases,
  emulatorOrders,
  waitingListEntries,
  payments,
  refunds,
  buyerSignInLinks,
  replacedTicketNumbers,
  checkIns,
  kitAuthorisations,
  buyerCredits,
  checkInLists,
  checkInListTicketTypes,
  eventCancellations,
  eventCancellationOrders,
  waitingRooms,
  waitingRoomVisitors,
  invoiceCounters,
  platformInvoiceCounters,
  invoices,
  groupDiscounts,
  promoCodes,
  dataRequests,
  refundAttendees,
  promoCodeTicketTypes,
  groupDiscountTicketTypes,
  apiTokens,
  webhookEndpoints,
  webhookDeliveries,
  resultVersions,
  results,
} = active;

export {
  ORDER_STATUSES,
  PAID_ORDER_STATUSES,
  OUTBOX_STATUSES,
  REFUND_STATUSES,
  LIVE_REFUND_STATUSES,
  CANCELLATION_ORDER_STATUSES,
  DATA_REQUEST_STATUSES,
} from './model';
