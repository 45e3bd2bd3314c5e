// Staff re-send the e-mails of an EXISTING registration (SPEC.md section 7), looked up by its
// number: addresses and contents come from the database, never from the request, so this cannot be
// used as an open mail relay.
import { asc, eq, or } from 'drizzle-orm';
import { selectAttendees } from '../db/attendee-rows';
import type { Db } from '../db/client';
import { registrations } from '../db/schema';
import type { Env } from '../env';
import { EMAIL_KINDS, requeueRegistrationEmail, type EmailKind } from '../mail/outbox';
import { recordAudit, type AuditEntryInput } from './audit';

/** Why a resend was refused; the route maps each reason to its status. */
export class ResendRefusal extends Error {
  override name = 'ResendRefusal';
  constructor(
    readonly reason: 'not_found' | 'no_recipient',
    message: string,
  ) {
    super(message);
  }
}

type Actor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;
type MailEnv = Pick<Env, 'sessionSecret' | 'dataDir' | 'publicUrl' | 'port' | 'mail'>;

/** Queues the e-mail again and records who asked, in the transaction it is handed. */
export async function resendRegistrationEmail(
  tx: Db,
  env: MailEnv,
  registrationNumber: string,
  kind: EmailKind,
  actor: Actor,
): Promise<{ outboxId: number; registrationId: number }> {
  // An attendee's ticket number, or the booking reference the confirmation's subject shows (its first attendee).
  const [row] = await selectAttendees(tx)
    .where(or(eq(registrations.registrationNumber, registrationNumber), eq(registrations.bookingReference, registrationNumber)))
    .orderBy(asc(registrations.position))
    .limit(1);
  if (!row) throw new ResendRefusal('not_found', 'Registration not found');
  const outboxId = await requeueRegistrationEmail(tx, env, row, kind);
  if (outboxId === null) {
    throw new ResendRefusal(
      'no_recipient',
      kind === EMAIL_KINDS.participant
        ? 'This registration has no e-mail address'
        : 'No administrator e-mail address is configured',
    );
  }
  if (kind === EMAIL_KINDS.participant) {
    await tx
      .update(registrations)
      .set({ emailSent: true, updatedAt: new Date().toISOString() })
      .where(eq(registrations.id, row.id));
  }
  await recordAudit(tx, {
    ...actor,
    action: 'email_queued',
    entity: 'registration',
    entityId: row.id,
    detail: { kind, outboxId },
  });
  return { outboxId, registrationId: row.id };
}
