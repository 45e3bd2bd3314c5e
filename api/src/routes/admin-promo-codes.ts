// /api/admin/events/:id/promo-codes (guards declared in routes/admin.ts, under /events/*: reads for
// everyone, changes and the export for managers): an event's promo codes (decision 033).
import { auditRead } from '../http/audit-read';
import { Hono } from 'hono';
import { z } from 'zod';
import { promoCodeInputSchema, seesRevenue, withoutField } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor, staffRoleOf } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  PromoCodeRefusal,
  promoCodesExport,
  setPromoCodeActive,
  updatePromoCode,
} from '../services/promo-codes';

const id = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number);
const eventParam = z.object({ id: id('Event not found') });
const codeParam = z.object({ id: id('Event not found'), codeId: id('Promo code not found') });

const STATUS = { not_found: [404, 'not_found'], invalid: [400, 'validation_error'], conflict: [409, 'conflict'] } as const;

async function answering<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof PromoCodeRefusal)) throw error;
    const [status, code] = STATUS[error.reason];
    throw new ApiError(status, code, error.message, error.fields);
  }
}

export const adminPromoCodeRoutes = (deps: RouteDeps) =>
  new Hono()
    .get('/:id/promo-codes', validate('param', eventParam), async (c) => {
      const promoCodes = await answering(() => deps.db.query((db) => listPromoCodes(db, c.req.valid('param').id)));
      // What buyers paid with each code is revenue: managers and admins (decision 047).
      if (seesRevenue(staffRoleOf(c))) return c.json({ promoCodes });
      return c.json({ promoCodes: promoCodes.map((code) => withoutField(code, 'revenuePaise')) });
    })
    .get('/:id/promo-codes/export.csv', validate('param', eventParam), async (c) => {
      const eventId = c.req.valid('param').id;
      const csv = await answering(() => deps.db.query((db) => promoCodesExport(db, eventId)));
      // Who used each code, in bulk (issue 40): audited.
      await auditRead(deps, c, { action: 'export', entity: 'promo_code', entityId: eventId, detail: { eventId } });
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header(
        'Content-Disposition',
        `attachment; filename="promo-codes-event-${eventId}-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      return c.body(csv);
    })
    .post('/:id/promo-codes', validate('param', eventParam), validate('json', promoCodeInputSchema), async (c) => {
      const promoCode = await answering(() =>
        deps.db.transaction((tx) => createPromoCode(tx, c.req.valid('param').id, c.req.valid('json'), auditActor(c))),
      );
      return c.json({ promoCode }, 201);
    })
    .put('/:id/promo-codes/:codeId', validate('param', codeParam), validate('json', promoCodeInputSchema), async (c) => {
      const { id: eventId, codeId } = c.req.valid('param');
      const promoCode = await answering(() =>
        deps.db.transaction((tx) => updatePromoCode(tx, eventId, codeId, c.req.valid('json'), auditActor(c))),
      );
      return c.json({ promoCode });
    })
    .post('/:id/promo-codes/:codeId/disable', validate('param', codeParam), async (c) => {
      const { id: eventId, codeId } = c.req.valid('param');
      const promoCode = await answering(() =>
        deps.db.transaction((tx) => setPromoCodeActive(tx, eventId, codeId, false, auditActor(c))),
      );
      return c.json({ promoCode });
    })
    .post('/:id/promo-codes/:codeId/enable', validate('param', codeParam), async (c) => {
      const { id: eventId, codeId } = c.req.valid('param');
      const promoCode = await answering(() =>
        deps.db.transaction((tx) => setPromoCodeActive(tx, eventId, codeId, true, auditActor(c))),
      );
      return c.json({ promoCode });
    })
    .delete('/:id/promo-codes/:codeId', validate('param', codeParam), async (c) => {
      const { id: eventId, codeId } = c.req.valid('param');
      await answering(() => deps.db.transaction((tx) => deletePromoCode(tx, eventId, codeId, auditActor(c))));
      return c.body(null, 204);
    });
