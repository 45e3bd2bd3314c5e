// The reports a race runs on (issue 44, decision 066; DESIGN.md section 3, "race week"):
//   GET /api/admin/events/:id/reports/{tshirts|medical|guardians|start-list|kit|check-ins}.csv
// Managers (routes/admin.ts); the event is the acting organisation's (its tenancy guard on
// /events/:id/*, and the service's own scope). Each download is audited by the service.
import { Hono } from 'hono';
import { raceReportKindOf, raceReportParamSchema } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf } from '../http/auth';
import { notFound } from '../http/errors';
import { validate } from '../http/validate';
import { raceReport } from '../services/race-reports';

export const adminRaceReportRoutes = ({ db }: RouteDeps) =>
  new Hono().get('/:id/reports/:report', validate('param', raceReportParamSchema), async (c) => {
    const { id, report } = c.req.valid('param');
    const kind = raceReportKindOf(report);
    const { actorUserId, actorEmail, ip } = auditActor(c);
    const csv = await db.transaction((tx) => raceReport(tx, organisationOf(c), id, kind, { actorUserId, actorEmail, ip }));
    if (csv === undefined) throw notFound('Event not found');
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${kind}-event-${id}-${new Date().toISOString().slice(0, 10)}.csv"`);
    return c.body(csv);
  });
