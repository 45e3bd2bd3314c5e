// The platform settings (admin only; the guard is in admin.ts):
//   GET /api/admin/settings → { settings }
//   PUT /api/admin/settings  the fields of one or more sections → { settings }; audited with what changed.
// GET /api/config reflects the platform name and colours at once.
import { Hono } from 'hono';
import { platformTaxProblems, updateSettingsSchema } from '../contract';
import { ApiError } from '../http/errors';
import type { RouteDeps } from '../deps';
import { auditActor } from '../http/auth';
import { validate } from '../http/validate';
import { changedFields, recordAudit } from '../services/audit';
import { readSettings, writeSettings } from '../services/settings';

export const adminSettingsRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/', async (c) => c.json({ settings: await db.query((q) => readSettings(q)) }, 200))
    .put('/', validate('json', updateSettingsSchema), async (c) => {
      // The privacy notice's version is the server's (decision 030): writeSettings moves it.
      const { privacyNoticeVersion: _ignored, ...input } = c.req.valid('json');
      const actor = auditActor(c);
      const settings = await db.transaction(async (tx) => {
        const before = await readSettings(tx);
        // The platform's tax registration as it would be saved (decision 067): a GSTIN needs its name and address.
        const problems = platformTaxProblems({ ...before, ...input } as typeof before);
        const first = Object.values(problems)[0];
        if (first) throw new ApiError(400, 'validation_error', first, problems);
        const after = await writeSettings(tx, input);
        const changes = changedFields(before, after);
        await recordAudit(tx, { ...actor, action: 'update', entity: 'settings', entityId: null, detail: { changes } });
        return after;
      });
      return c.json({ settings }, 200);
    });
