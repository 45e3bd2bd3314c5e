// Start waves (issue 43, decision 068): staff's hand assignment of an attendee to one of their
// race's waves. Only the hand assignment is stored (`registrations.wave_override`); the derived wave
// is `waveOf` (contract/waves.ts) wherever an attendee is shown. Scoped by the data layer: the
// attendee is read with the acting organisation (ownRegistrations, decision 059), so another
// organisation's attendee is not found whatever the route; audited in the transaction it runs in.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lockedAttendees, selectAttendees, type AttendeeRow } from '../db/attendee-rows';
import { registrations } from '../db/schema';
import { ownRegistrations, type OrganisationId } from '../db/tenancy';
import { recordAudit, type AuditEntryInput } from './audit';

/** A hand assignment the race cannot take (it has no waves, or none of that name): the route answers 400 on `wave`. */
export class WaveRefused extends Error {
  override name = 'WaveRefused';
}

/**
 * Sets (a wave's name) or clears (null) staff's hand assignment of an attendee; undefined when the
 * attendee is not the organisation's. Refuses a name that is not one of the race's waves.
 */
export async function setWaveOverride(
  tx: Db,
  organisationId: OrganisationId,
  id: number,
  wave: string | null,
  actor: Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>,
  now = new Date(),
): Promise<AttendeeRow | undefined> {
  const [before] = await lockedAttendees(
    selectAttendees(tx).where(and(eq(registrations.id, id), ownRegistrations(organisationId))),
  );
  if (!before) return undefined;
  if (wave !== null) {
    const waves = before.raceWaves ?? [];
    if (waves.length === 0) throw new WaveRefused('This race has no start waves');
    if (!waves.some((w) => w.name === wave)) throw new WaveRefused(`${wave} is not one of this race’s waves`);
  }
  await tx
    .update(registrations)
    .set({ waveOverride: wave, updatedAt: now.toISOString() })
    .where(and(eq(registrations.id, id), ownRegistrations(organisationId)));
  await recordAudit(tx, {
    ...actor,
    action: wave === null ? 'clear_wave' : 'assign_wave',
    entity: 'registration',
    entityId: id,
    detail: { registrationNumber: before.registrationNumber, from: before.waveOverride, to: wave },
  });
  return { ...before, waveOverride: wave, updatedAt: now.toISOString() };
}
