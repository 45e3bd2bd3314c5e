// What a driver's error means, on either engine.

/** A UNIQUE (or primary key) constraint refused the row. */
export function isUniqueViolation(error: unknown): boolean {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const code = (e as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is restarting
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up
  '53300', // too_many_connections
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
  'SQLITE_BUSY',
]);

const FULL_CODES = new Set([
  'SQLITE_FULL', // the database or its journal cannot grow: the disk is full
  'SQLITE_IOERR_WRITE',
  'SQLITE_IOERR_FSYNC',
  'ENOSPC', // a file of DATA_DIR (an upload, an .eml) could not be written
  'EDQUOT',
  '53100', // PostgreSQL's disk_full
  '53200', // out_of_memory
  '58030', // io_error
]);

/** The database (or DATA_DIR) cannot be written: the disk is full (issue 40). Retried once space is made. */
export function isStorageFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /database or disk is full|No space left on device|could not extend file/i.test(message)) {
      return true;
    }
  }
  return false;
}

/** The database cannot answer now (down, restarting, overloaded): the request may be retried. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    // SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, _RECOVERY, _TIMEOUT): locked, retry.
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('SQLITE_BUSY_'))) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)
    )
      return true;
  }
  return false;
}
