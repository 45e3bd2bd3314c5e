// Background jobs that must run once across all API instances (the hold sweep, reconciliation with
// the payment provider): an instance runs a job's turn only while it holds the job's lease, a row of
// job_leases it claimed with one conditional statement. The holder renews it each turn; when it dies,
// the lease lapses and another instance takes over. An instance is named by its data folder and
// port (issue 40): started again after a kill -9, it is the same holder and takes its turns at once,
// the reconcile at start included, instead of waiting out its own dead process's lease.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';

/** The background jobs' names: one lease (a row of job_leases) each. jobs/scheduler.ts runs them. */
export const JOBS = {
  holdSweep: 'hold-sweep',
  reconcile: 'reconcile',
  offerSweep: 'waiting-list-offers',
  refunds: 'refunds',
  cancellations: 'event-cancellations',
  waitingRooms: 'waiting-rooms',
  retention: 'personal-data-retention',
  /** Staff's messages to registrants (decision 072): due ones handed to the outbox in batches. */
  messages: 'event-messages',
} as const;

/** This process as a lease holder names it, until server.ts names it by its instance (adoptLastingInstanceId). */
let current = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** This process, as a lease holder names it. */
export const instanceId = () => current;

/**
 * The name of the instance on `dataDir` and `port`, the same after every restart: the host, the
 * port (two processes on one data folder cannot share a port) and a random tag kept in
 * DATA_DIR/instance-id (each instance has a data folder of its own, so two machines of the same
 * host name and port are still two holders).
 */
export function lastingInstanceId(instance: { dataDir: string; port: number }): string {
  const file = join(instance.dataDir, 'instance-id');
  let tag = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (!/^[0-9a-f]{12}$/.test(tag)) {
    mkdirSync(instance.dataDir, { recursive: true, mode: 0o700 });
    tag = randomBytes(6).toString('hex');
    writeFileSync(file, `${tag}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return `${hostname()}:${instance.port}:${tag}`;
}

/** Names this process by its instance from now on (server.ts, before the jobs start). */
export function adoptLastingInstanceId(instance: { dataDir: string; port: number }): string {
  current = lastingInstanceId(instance);
  return current;
}

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
