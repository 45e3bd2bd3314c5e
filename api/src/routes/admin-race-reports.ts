// The reports a race runs on (issue 44, decisions 066 and 073; DESIGN.md section 3, "race week"):
//   GET /api/admin/events/:id/reports/{tshirts|medical|guardians|start-list|kit|check-ins}.csv
//   GET /api/admin/events/:id/reports/{tshirts|medical|guardians|start-list|kit|check-ins}.pdf
// (the same rows, read and audited once by raceReportTable; the CSV and the PDF only format them)
// and the timing hand-off (issue 43, decision 068):
//   GET  /api/admin/events/:id/reports/timing.csv?format=raceresult|plain
//   POST /api/admin/events/:id/chips?dryRun=true   (text/csv: bib,chip_id)
// Managers (routes/admin.ts); the event is the acting organisation's (its tenancy guard on
// /events/:id/*, and the service's own scope). Each download and import is audited by the service.
import { Hono } from 'hono';
import {
  chipsQuerySchema,
  idParamSchema,
  raceReportFormatOf,
  raceReportKindOf,
  raceReportParamSchema,
  timingQuerySchema,
  type ChipsImportResponse,
} from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf } from '../http/auth';
import { ApiError, errorBody, notFound } from '../http/errors';
import { validate, validateQuery } from '../http/validate';
import { raceReportPdf } from '../services/race-report-pdf';
import { raceReportCsv, raceReportTable } from '../services/race-reports';
import { ChipsFileRefused, importChips, timingStartList } from '../services/timing';

const actorOf = (c: Parameters<typeof auditActor>[0]) => {
  const { actorUserId, actorEmail, ip } = auditActor(c);
  return { actorUserId, actorEmail, ip };
};

const day = () => new Date().toISOString().slice(0, 10);

export const adminRaceReportRoutes = ({ db }: RouteDeps) =>
  new Hono()
    // Before the reports' own route: timing.csv is not one of RACE_REPORT_KINDS.
    .get('/:id/reports/timing.csv', validate('param', idParamSchema), validateQuery(timingQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const { format } = c.req.valid('query');
      const csv = await db.transaction((tx) => timingStartList(tx, organisationOf(c), id, format, actorOf(c)));
      if (csv === undefined) throw notFound('Event not found');
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="timing-${format}-event-${id}-${day()}.csv"`);
      return c.body(csv);
    })
    .get('/:id/reports/:report', validate('param', raceReportParamSchema), async (c) => {
      const { id, report } = c.req.valid('param');
      const kind = raceReportKindOf(report);
      const format = raceReportFormatOf(report);
      const table = await db.transaction((tx) => raceReportTable(tx, organisationOf(c), id, kind, format, actorOf(c)));
      if (table === undefined) throw notFound('Event not found');
      const file = `${kind}-event-${id}-${day()}.${format}`;
      if (format === 'pdf') {
        // Drawn after the transaction (a long report's pages hold no lock); opened in the browser to print.
        const pdf = await raceReportPdf(table);
        c.header('Content-Type', 'application/pdf');
        c.header('Content-Disposition', `inline; filename="${file}"`);
        c.header('Cache-Control', 'no-store');
        return c.body(pdf);
      }
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${file}"`);
      return c.body(raceReportCsv(table));
    })
    // The chips a timing company hands back, by bib: ?dryRun=true says every problem; without, a
    // file with none is saved in one transaction (400 with the problems and nothing saved otherwise).
    .post('/:id/chips', validate('param', idParamSchema), validateQuery(chipsQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const dryRun = c.req.valid('query').dryRun === 'true';
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'text/csv') throw new ApiError(415, 'unsupported_media_type', 'Send the chips file as text/csv.');
      const text = await c.req.text();
      try {
        const answer = await db.transaction((tx) => importChips(tx, organisationOf(c), id, text, dryRun, actorOf(c)));
        if (!answer) throw notFound('Event not found');
        return c.json(answer satisfies ChipsImportResponse, 200);
      } catch (error) {
        if (error instanceof ChipsFileRefused) {
          return c.json({ ...errorBody('validation_error', error.message), ...error.answer }, 400);
        }
        throw error;
      }
    });
