// POST /api/send-ticket-email and /api/send-payment-emails (SPEC.md section 7): staff re-send the
// e-mails of an EXISTING registration, looked up by registrationNumber. The addresses and contents
// come from the database, never from the body, so this cannot be used as an open mail relay.
import { Hono, type Context } from 'hono';
import { resendEmailBodySchema } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor, requireStaff } from '../http/auth';
import { ownedBody } from '../http/tenancy';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { EMAIL_KINDS, type EmailKind } from '../mail/outbox';
import { resendRegistrationEmail, ResendRefusal } from '../services/email-resend';

export const mailResendRoutes = (deps: RouteDeps) => {
  const resend = async (c: Context, registrationNumber: string, kind: EmailKind) => {
    try {
      const result = await deps.db.transaction((tx) =>
        resendRegistrationEmail(tx, deps.env, registrationNumber, kind, auditActor(c)),
      );
      return c.json({ queued: true, registrationNumber, kind, ...result }, 202);
    } catch (error) {
      if (!(error instanceof ResendRefusal)) throw error;
      if (error.reason === 'not_found')
        throw new ApiError(404, 'not_found', error.message, { registrationNumber: error.message });
      throw new ApiError(422, 'unprocessable', error.message);
    }
  };
  return new Hono()
    .post(
      '/send-ticket-email',
      requireStaff('support'),
      ownedBody({ registrationNumber: 'registrationNumber' }, 404),
      validate('json', resendEmailBodySchema),
      (c) => resend(c, c.req.valid('json').registrationNumber, EMAIL_KINDS.participant),
    )
    .post(
      '/send-payment-emails',
      requireStaff('support'),
      ownedBody({ registrationNumber: 'registrationNumber' }, 404),
      validate('json', resendEmailBodySchema),
      (c) => resend(c, c.req.valid('json').registrationNumber, EMAIL_KINDS.admin),
    );
};
