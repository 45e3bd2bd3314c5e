// The platform settings (admin only; the guard is in admin.ts):
//   GET /api/admin/settings → { settings }
//   PUT /api/admin/settings  the fields of one or more sections → { settings }; audited with what changed.
// GET /api/config reflects the platform name and colours at once.
import { Hono } from 'hono';
import { updateSettingsSchema } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor } from '../http/auth';
import { validate } from '../http/validate';
import { changedFields, recordAudit } from '../services/audit';
import { readSettings, writeSettings } from '../services/settings';

export const adminSettingsRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/', (c) => c.json({ settings: readSettings(db) }, 200))
    .put('/', validate('json', updateSettingsSchema), (c) => {
      const input = c.req.valid('json');
      const before = readSettings(db);
      const settings = writeSettings(db, input);
      const changes = changedFields(before, settings);
      recordAudit(db, { ...auditActor(c), action: 'update', entity: 'settings', entityId: null, detail: { changes } });
      return c.json({ settings }, 200);
    });
