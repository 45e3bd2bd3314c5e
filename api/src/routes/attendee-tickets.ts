// The tickets behind the e-mailed links (public; the token is the permission; decision 021):
//   GET /api/tickets/:registrationNumber?t=token              → { bookingReference, tickets, platformName, supportEmail }
//     (a booking reference shows every attendee of the order, a ticket number only that attendee)
//   GET /api/tickets/:registrationNumber/calendar.ics?t=token  → the event for a calendar app
// A wrong, missing or shortened token answers 404 'This ticket link is not valid', exactly as an
// unknown registration number does: the answer tells nothing of which registrations exist.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { INVALID_TICKET_LINK_MESSAGE, LANGUAGE_QUERY, parseLanguage, type TicketLinkResponse } from '../contract';
import type { Database } from '../db/client';
import type { RouteDeps } from '../deps';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { attendeesForLink, ticketCalendar } from '../services/attendee-tickets';
import { eventNotesOfRows, orderSizes, toRegistration } from '../services/registrations';
import { readSettings } from '../services/settings';
import { TICKET_TOKEN_HEADER, ticketLinkUrl } from '../signing/ticket-links';

const ticketParam = z.object({ registrationNumber: z.string().regex(/^[A-Z0-9]{4,40}$/, INVALID_TICKET_LINK_MESSAGE) });
const tokenQuery = z.object({ t: z.string().max(100).optional() });
/**
 * The link's token (decision 043): the X-Ticket-Token header the ticket page sends, so it is in no
 * URL a server or proxy logs; `?t=` is still read for a storefront deployed before it.
 */
const linkTokenOf = (c: Context) => c.req.header(TICKET_TOKEN_HEADER) ?? c.req.query('t');
const invalidLink = () => new ApiError(404, 'not_found', INVALID_TICKET_LINK_MESSAGE);

/** The attendees of a valid link, the size of their order, and the settings its page shows; undefined for an invalid link. */
const ticketOfLink = (database: Database, env: RouteDeps['env'], registrationNumber: string, token: string | undefined) =>
  database.query(async (db) => {
    const rows = await attendeesForLink(db, env, registrationNumber, token);
    return (
      rows && {
        rows,
        sizes: await orderSizes(db, rows),
        notes: await eventNotesOfRows(db, rows),
        settings: await readSettings(db),
      }
    );
  });

export const attendeeTicketRoutes = ({ db, env }: RouteDeps) =>
  new Hono()
    .use(async (c, next) => {
      await next();
      // Personal data: never in a shared cache, never indexed.
      c.header('Cache-Control', 'no-store');
      c.header('X-Robots-Tag', 'noindex');
    })
    .get('/:registrationNumber', validate('param', ticketParam), validate('query', tokenQuery), async (c) => {
      const found = await ticketOfLink(db, env, c.req.valid('param').registrationNumber, linkTokenOf(c));
      if (!found) throw invalidLink();
      const { rows, sizes, notes, settings } = found;
      const eventNotes = notes.get(rows[0]!.eventId) ?? { arrivalNote: null, idNote: null, online: false };
      const body: TicketLinkResponse = {
        bookingReference: rows[0]!.bookingReference || rows[0]!.registrationNumber,
        notes: eventNotes,
        tickets: rows.map((row) => toRegistration(row, env, sizes.get(row.orderId ?? '') ?? 1, eventNotes)),
        platformName: settings.platformName,
        supportEmail: settings.contactEmail,
      };
      return c.json(body, 200);
    })
    .get('/:registrationNumber/calendar.ics', validate('param', ticketParam), validate('query', tokenQuery), async (c) => {
      const { registrationNumber } = c.req.valid('param');
      const found = await ticketOfLink(db, env, registrationNumber, linkTokenOf(c));
      if (!found) throw invalidLink();
      // `?lang=`: the ticket page's language (decision 019).
      const language = parseLanguage(c.req.query(LANGUAGE_QUERY)) ?? 'en';
      const url = ticketLinkUrl(env, registrationNumber);
      const calendar = ticketCalendar(registrationNumber, found.rows, found.settings.platformName, url, language);
      return c.body(calendar, 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${registrationNumber}.ics"`,
      });
    });
