// Background jobs that must run once across all API instances (the hold sweep, reconciliation with
// the payment provider): an instance runs a job's turn only while it holds the job's lease, a row of
// job_leases it claimed with one conditional statement. The holder renews it each turn; when it dies,
// the lease lapses and another instance takes over.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';

/** This process, as a lease holder names it. */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/**
 * Takes or renews the lease on `job` for `ms`: true when this holder has it now (it was free,
 * lapsed, or already this holder's), false when another live holder has it.
 */
export async function claimLease(tx: Db, job: string, holder: string, ms: number, now = new Date()): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ms).toISOString();
  const claimed = await tx
    .insert(jobLeases)
    .values({ name: job, holder, expiresAt })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt },
      setWhere: sql`${jobLeases.expiresAt} <= ${now.toISOString()} or ${jobLeases.holder} = ${holder}`,
    })
    .returning({ name: jobLeases.name });
  return claimed.length === 1;
}

/** Gives the lease up (a clean shutdown), so another instance need not wait for it to lapse. */
export async function releaseLease(tx: Db, job: string, holder: string): Promise<void> {
  await tx.delete(jobLeases).where(sql`${jobLeases.name} = ${job} and ${jobLeases.holder} = ${holder}`);
}
