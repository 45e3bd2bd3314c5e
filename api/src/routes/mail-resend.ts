// POST /api/send-ticket-email and /api/send-payment-emails (SPEC.md section 7): staff re-send the
// e-mails of an EXISTING registration, looked up by registrationNumber. The addresses and contents
// come from the database, never from the body, so this cannot be used as an open mail relay.
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { resendEmailBodySchema } from '../contract';
import { registrations } from '../db/schema';
import type { RouteDeps } from '../deps';
import { auditActor, requireStaff } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { EMAIL_KINDS, requeueRegistrationEmail, type EmailKind } from '../mail/outbox';
import { recordAudit } from '../services/audit';
import { atomically } from '../services/holds';

export const mailResendRoutes = (deps: RouteDeps) => {
  const resend = (c: Context, registrationNumber: string, kind: EmailKind) => {
    const result = atomically(deps.db, () => {
      const row = deps.db.select().from(registrations).where(eq(registrations.registrationNumber, registrationNumber)).get();
      if (!row) throw new ApiError(404, 'not_found', 'Registration not found', { registrationNumber: 'Registration not found' });
      const outboxId = requeueRegistrationEmail(deps.db, deps.env, row, kind);
      if (outboxId === null) {
        const message =
          kind === EMAIL_KINDS.participant
            ? 'This registration has no e-mail address'
            : 'No administrator e-mail address is configured';
        throw new ApiError(422, 'unprocessable', message);
      }
      if (kind === EMAIL_KINDS.participant) {
        deps.db
          .update(registrations)
          .set({ emailSent: true, updatedAt: new Date().toISOString() })
          .where(eq(registrations.id, row.id))
          .run();
      }
      recordAudit(deps.db, {
        ...auditActor(c),
        action: 'email_queued',
        entity: 'registration',
        entityId: row.id,
        detail: { kind, outboxId },
      });
      return { outboxId, registrationId: row.id };
    });
    return c.json({ queued: true, registrationNumber, kind, ...result }, 202);
  };
  return new Hono()
    .post('/send-ticket-email', requireStaff('support'), validate('json', resendEmailBodySchema), (c) =>
      resend(c, c.req.valid('json').registrationNumber, EMAIL_KINDS.participant),
    )
    .post('/send-payment-emails', requireStaff('support'), validate('json', resendEmailBodySchema), (c) =>
      resend(c, c.req.valid('json').registrationNumber, EMAIL_KINDS.admin),
    );
};
