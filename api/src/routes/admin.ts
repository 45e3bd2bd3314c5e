// Everything under /api/admin. The staff session and role guard (DESIGN.md section 6) belong in
// this file, once, ahead of the sub-routes: every request must be signed in (support or above),
// then each section asks for the minimum role of DESIGN.md section 6's matrix, by method where
// reads and writes differ. When several guards match a path, all of them apply. A few capabilities
// follow the need of each role's work rather than its rank (requireNeed, contract/staff-needs.ts,
// decision 047); what a role may not see is left out of the answers by the routes (staffRoleOf).
// A new route needs a row in src/routes/access-matrix.test.ts, which fails for a route without one.
import { Hono } from 'hono';
import type { RouteDeps } from '../deps';
import { requireNeed, requirePlatformStaffFor, requireStaff, requireStaffByMethod } from '../http/auth';
import { ownedBody, ownedParam, ownedQuery } from '../http/tenancy';
import { adminApiTokenRoutes } from './admin-api-tokens';
import { adminWebhookRoutes } from './admin-webhooks';
import { adminAuditRoutes } from './admin-audit';
import { adminCheckInListRoutes } from './admin-check-in-lists';
import { adminDataRequestRoutes } from './admin-data-requests';
import { adminEventRoutes } from './admin-events';
import { adminInsightRoutes } from './admin-insights';
import { adminInvoiceRoutes } from './admin-invoices';
import { adminGroupDiscountRoutes } from './admin-group-discounts';
import { adminPromoCodeRoutes } from './admin-promo-codes';
import { adminRaceReportRoutes } from './admin-race-reports';
import { adminMessageRoutes } from './admin-messages';
import { adminResultRoutes } from './admin-results';
import { adminOrderRoutes } from './admin-orders';
import { adminOrganisationRoutes } from './admin-organisation';
import { adminParticipantRoutes } from './admin-participants';
import { adminRegistrationRoutes } from './admin-registrations';
import { adminSettingsRoutes } from './admin-settings';
import { adminTicketRoutes } from './admin-tickets';
import { adminUploadRoutes } from './admin-uploads';
import { adminUserRoutes } from './admin-users';
import { adminWaitingRoomRoutes } from './admin-waiting-room';

export const adminRoutes = (deps: RouteDeps) =>
  new Hono()
    .use(async (c, next) => {
      await next();
      // Staff data must never be kept by a shared cache or the back button's disk cache.
      c.header('Cache-Control', 'no-store');
    })
    // Signed in at all: 401 'unauthenticated' otherwise, on every admin path.
    .use(requireStaff('support'))
    // Lists are for everyone; creating, editing and deleting events and tickets for managers.
    // (Approving a submitted event is the platform staff's: /api/platform/events/:id/approve, decision 052.)
    // Cancelling an event refunds its buyers (decision 025): managers, and its progress for them too.
    .use('/events/:id/cancel', requireStaff('manager'))
    .use('/events/:id/postpone', requireStaff('manager'))
    .use('/events/:id/cancellation', requireStaff('manager'))
    .use('/events/:id/cancellation/*', requireStaff('manager'))
    // (Group discounts, /events/:id/group-discounts, follow the same rule: decision 031; so do promo
    // codes, /events/:id/promo-codes, decision 033, whose export with their revenue is for managers.)
    .use('/events/:id/promo-codes/export.csv', requireStaff('manager'))
    // Results (decision 063): importing, publishing, withholding, and the staff view of them, managers.
    .use('/events/:id/results', requireStaff('manager'))
    .use('/events/:id/results/*', requireStaff('manager'))
    // The race's reports (decision 066): attendees' health, guardians and kit, managers.
    .use('/events/:id/reports/*', requireStaff('manager'))
    // The timing company's chip ids, imported by bib (decision 068): managers.
    .use('/events/:id/chips', requireStaff('manager'))
    // Messages to registrants (decision 072): composing and reading them, managers.
    .use('/events/:id/messages', requireStaff('manager'))
    .use('/events/:id/messages/*', requireStaff('manager'))
    .use('/events/*', requireStaffByMethod({ GET: 'support', default: 'manager' }))
    .use('/tickets/*', requireStaffByMethod({ GET: 'support', default: 'manager' }))
    .use('/uploads/*', requireStaff('manager'))
    // Registrations (decision 047, roles by need): view (without contacts for gate staff) and set
    // the ticket/WhatsApp/e-mail flags (PATCH) support; correct a caller's name and cancel an
    // attendee under the event's rules: support, manager, admin (not gate staff); check in
    // coordinator; the full edit (PUT, contacts included), delete and the CSV export manager.
    .use('/registrations/export.csv', requireStaff('manager'))
    // Recording an offline refund (decision 045) is a refund: managers.
    .use('/registrations/:id/offline-refund', requireStaff('manager'))
    .use('/registrations/:id/name', requireNeed('correctName'))
    .use('/registrations/:id/cancel', requireNeed('cancelAttendee'))
    // A start wave by hand (decision 068): managers, as every other PUT of an attendee.
    .use('/registrations/:id/wave', requireStaff('manager'))
    // Check-in, its offline sync and the list a gate device keeps: coordinator.
    .use('/registrations/check-in', requireStaff('coordinator'))
    .use('/registrations/check-in/*', requireStaff('coordinator'))
    .use(
      '/registrations/*',
      requireStaffByMethod({
        GET: 'support',
        PATCH: 'support',
        // Each POST route has its own guard above (check-in, offline refund, cancel).
        POST: 'support',
        PUT: 'manager',
        default: 'manager',
      }),
    )
    .use('/insights/analytics/*', requireStaff('manager'))
    // Orders: the list (orders needing attention) and refunds for managers; one order's view (its
    // buyer's contacts, payments and messages) for support answering a buyer, not gate staff.
    .use('/orders', requireStaff('manager'))
    .use('/orders/:orderId', requireNeed('openBooking'))
    .use('/orders/:orderId/refunds', requireStaff('manager'))
    // Invoices and credit notes and the accountant's export (decision 031): managers; one
    // document's PDF, for a caller who asks for it: support too, not gate staff (decision 047).
    .use('/invoices', requireStaff('manager'))
    .use('/invoices/export.csv', requireStaff('manager'))
    .use('/invoices/:id/pdf', requireNeed('downloadInvoice'))
    // Staff users, participants, settings and the audit log: admin.
    .use('/users/*', requireStaff('admin'))
    .use('/participants/*', requireStaff('admin'))
    // (Settings: read by admins, changed by platform admins only, below.)
    .use('/settings/*', requireStaffByMethod({ GET: 'admin', default: 'support' }))
    .use('/audit/*', requireStaff('admin'))
    // Buyers' personal-data requests (decision 030): erasure is for admins.
    .use('/data-requests', requireStaff('admin'))
    .use('/data-requests/*', requireStaff('admin'))
    // The organisation's own profile and tax identity (decision 055): its admins read and change it.
    .use('/organisation', requireStaff('admin'))
    // API tokens for /api/v1 (decision 062): the organisation's admins create, list and revoke them.
    .use('/api-tokens', requireStaff('admin'))
    .use('/api-tokens/*', requireStaff('admin'))
    // Webhook endpoints and their delivery logs (decision 064): the organisation's admins.
    .use('/webhooks', requireStaff('admin'))
    .use('/webhooks/*', requireStaff('admin'))
    // The platform's own settings (its name, colours, commission, Event Approval Required): the
    // platform admins' (decision 051); an organisation's admin reads them.
    .use('/settings', requirePlatformStaffFor(['PUT', 'PATCH', 'POST', 'DELETE'], ['platform_admin']))
    // Tenancy (decision 051), after the guards: every id a path or query string names must be the
    // acting organisation's, or the answer is 404 as for an id that does not exist.
    .use('/events/:id', ownedParam('event', 'id'))
    .use('/events/:id/*', ownedParam('event', 'id'))
    .use('/events/:id/promo-codes/:codeId', ownedParam('promoCode', 'codeId'))
    .use('/events/:id/promo-codes/:codeId/*', ownedParam('promoCode', 'codeId'))
    .use('/events/:id/group-discounts/:discountId', ownedParam('groupDiscount', 'discountId'))
    .use('/events/:id/check-in-lists/:listId', ownedParam('checkInList', 'listId'))
    .use('/tickets/:id', ownedParam('ticketType', 'id'))
    .use('/tickets/:id/*', ownedParam('ticketType', 'id'))
    .use('/tickets/:id/waiting-list/:entryId', ownedParam('waitingListEntry', 'entryId'))
    .use('/tickets/:id/waiting-list/:entryId/*', ownedParam('waitingListEntry', 'entryId'))
    .use('/registrations/:id', ownedParam('registration', 'id'))
    .use('/registrations/:id/*', ownedParam('registration', 'id'))
    .use('/orders/:orderId', ownedParam('order', 'orderId'))
    .use('/orders/:orderId/*', ownedParam('order', 'orderId'))
    .use('/invoices/:id/*', ownedParam('invoice', 'id'))
    .use('/data-requests/:id/*', ownedParam('dataRequest', 'id'))
    .use('/api-tokens/:id', ownedParam('apiToken', 'id'))
    .use('/webhooks/:id', ownedParam('webhookEndpoint', 'id'))
    .use('/webhooks/:id/*', ownedParam('webhookEndpoint', 'id'))
    .use('*', ownedQuery({ eventId: 'event', ticketTypeId: 'ticketType', ticketId: 'ticketType' }))
    // Ids in a body: a ticket type's event (400 on the field, as for an event that does not exist).
    // A gate's scans are judged by services/check-in.ts: another organisation's ticket is unknown there.
    .use('/tickets', ownedBody({ eventId: 'event' }))
    .use('/tickets/*', ownedBody({ eventId: 'event' }))
    .route('/events', adminEventRoutes(deps))
    // An event's waiting room (decision 032): under /events/*, support reads and managers steer it.
    .route('/events', adminWaitingRoomRoutes(deps))
    .route('/events', adminGroupDiscountRoutes(deps))
    .route('/events', adminPromoCodeRoutes(deps))
    .route('/events', adminResultRoutes(deps))
    // Check-in lists and their counts (decision 065): under /events/*, support reads and managers change them.
    .route('/events', adminCheckInListRoutes(deps))
    .route('/events', adminRaceReportRoutes(deps))
    .route('/events', adminMessageRoutes(deps))
    .route('/tickets', adminTicketRoutes(deps))
    .route('/uploads', adminUploadRoutes(deps))
    .route('/registrations', adminRegistrationRoutes(deps))
    .route('/insights', adminInsightRoutes(deps))
    .route('/orders', adminOrderRoutes(deps))
    .route('/invoices', adminInvoiceRoutes(deps))
    .route('/users', adminUserRoutes(deps))
    .route('/participants', adminParticipantRoutes(deps))
    .route('/settings', adminSettingsRoutes(deps))
    .route('/organisation', adminOrganisationRoutes(deps))
    .route('/audit', adminAuditRoutes(deps))
    .route('/api-tokens', adminApiTokenRoutes(deps))
    .route('/webhooks', adminWebhookRoutes(deps))
    .route('/data-requests', adminDataRequestRoutes(deps));
