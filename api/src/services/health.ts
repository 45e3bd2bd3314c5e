// What /api/health checks (issue 40): the database answers, and it and DATA_DIR can be written.
// A read alone said "ok" while a full disk refused every order.
import { statfs } from 'node:fs/promises';
import type { Db } from '../db/client';
import { isStorageFull } from '../db/errors';
import { jobLeases } from '../db/schema';
import { instanceId } from './job-leases';

/** Free bytes under which DATA_DIR counts as full: an order's rows, an upload or an .eml would not fit. */
export const MIN_FREE_BYTES = 16 * 1024 * 1024;

/**
 * Writes this instance's health row (one small upsert in job_leases, named after the instance), so
 * the check fails where an order would: a full disk, a read-only database.
 */
export async function probeWrite(tx: Db, now = new Date()): Promise<void> {
  const name = `health:${instanceId()}`.slice(0, 200);
  await tx
    .insert(jobLeases)
    .values({ name, holder: instanceId(), expiresAt: now.toISOString() })
    .onConflictDoUpdate({ target: jobLeases.name, set: { expiresAt: now.toISOString() } });
}

/** Free bytes of the file system holding `dir`; undefined when it cannot be asked. */
export async function freeBytes(dir: string): Promise<number | undefined> {
  try {
    const fs = await statfs(dir);
    return Number(fs.bavail) * Number(fs.bsize);
  } catch {
    return undefined;
  }
}

/** What a failed health write means, in words health reports. */
export const writeFailure = (error: unknown): string => (isStorageFull(error) ? 'the disk is full' : 'a write failed');
