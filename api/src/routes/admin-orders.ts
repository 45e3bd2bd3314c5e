// /api/admin/orders (guards declared in routes/admin.ts): the list of orders needing attention, one
// order with its attendees, messages, payments and refunds, and refunding attendees (decision 022).
import { Hono } from 'hono';
import { z } from 'zod';
import { refundRequestSchema, type RefundResponse } from '../contract';
import { ORDER_STATUSES } from '../db/model';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { recordAudit } from '../services/audit';
import { listOrders, orderDetail } from '../services/admin-orders';
import { moneyView, orderPaymentsAndRefunds, refundOrder, RefundRefusal, refundView, sendRefund } from '../services/refunds';
import { toPaise } from '../contract/money';
import { refundRefusal } from '../http/refund-refusal';

const ordersQuery = z.object({ status: z.enum(ORDER_STATUSES).optional() });

const orderParam = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Order not found') });

export const adminOrderRoutes = (deps: RouteDeps) => {
  const { provider } = deps;
  return (
    new Hono()
      // GET /api/admin/orders?status=REFUND_REQUIRED: paid orders that could not be fulfilled, and others.
      .get('/', validate('query', ordersQuery), async (c) => {
        return c.json({ orders: await deps.db.query((db) => listOrders(db, organisationOf(c), c.req.valid('query').status)) });
      })
      .get('/:orderId', validate('param', orderParam), async (c) => {
        const detail = await deps.db.query((db) => orderDetail(db, deps.env, c.req.valid('param').orderId));
        if (!detail) throw new ApiError(404, 'not_found', 'Order not found');
        // Every staff view of a booking's attendees is in the audit log (decision 030).
        await deps.db.transaction((tx) =>
          recordAudit(tx, { ...auditActor(c), action: 'view', entity: 'order', entityId: c.req.valid('param').orderId }),
        );
        // Gate staff never open a booking (routes/admin.ts, decision 047): it is shown whole.
        return c.json(detail, 200);
      })
      // Refund attendees (or the whole order), in full or in part. The refund is decided and recorded
      // in one transaction, then sent to the provider; if that fails it stays pending for the worker.
      .post('/:orderId/refunds', validate('param', orderParam), validate('json', refundRequestSchema), async (c) => {
        const { orderId } = c.req.valid('param');
        const body = c.req.valid('json');
        const actor = auditActor(c);
        const decided = await deps.db
          .transaction((tx) =>
            refundOrder(tx, deps.env, {
              orderId,
              attendeeIds: body.attendeeIds,
              amountPaise: body.amount === undefined ? undefined : toPaise(body.amount),
              reason: body.reason,
              actor: { kind: 'staff', userId: actor.actorUserId!, email: actor.actorEmail, ip: actor.ip },
            }),
          )
          .catch((error: unknown) => {
            throw error instanceof RefundRefusal ? refundRefusal(error) : error;
          });
        const sent = (await sendRefund({ db: deps.db, provider }, decided.refund.id)) ?? decided.refund;
        const found = await deps.db.query((db) => orderPaymentsAndRefunds(db, orderId));
        const refund = found.refunds.find((r) => r.id === sent.id)!;
        const answer: RefundResponse = { refund: refundView(refund), money: moneyView(found.money) };
        return c.json(answer, 201);
      })
  );
};
