// One data key per database (issue 40, decision 037). Every instance must seal and open personal
// data with the same DATA_ENCRYPTION_KEY (decision 030); an instance started with another (each
// generated its own in development) used to serve, fail every read of sealed data and seal new
// values under its own key. So the database keeps the key's fingerprint, HMAC-SHA256 of a fixed
// label under the key (it names the key without revealing it), in the settings table: recorded at
// the first start, and checked at every start before anything is sealed or opened. A database
// sealed before fingerprints is first searched for a value sealed under another key.
import { createHmac } from 'node:crypto';
import { eq, sql, type Column } from 'drizzle-orm';
import type { Db } from './client';
import { dataKeyId } from './data-crypto';
import { orders, registrations, settings, staffUsers, webhookEndpoints } from './schema';

/** The settings row that holds it (not a platform setting: readSettings ignores unknown keys). */
export const DATA_KEY_FINGERPRINT_SETTING = 'dataKeyFingerprint';

const LABEL = 'tdk data key fingerprint v1';

/** The key's fingerprint: the same for the same key on every instance; the key cannot be read from it. */
export const dataKeyFingerprint = (key: Buffer) => createHmac('sha256', key).update(LABEL).digest('base64url');

/** This instance's key is not the database's; the message is the one line the server prints. */
export class DataKeyMismatch extends Error {
  override name = 'DataKeyMismatch';
}

const mismatch = (why: string) =>
  new DataKeyMismatch(
    `DATA_ENCRYPTION_KEY is not the key this database's personal data is sealed with (${why}): ` +
      'start every instance with the same DATA_ENCRYPTION_KEY (outside production an unset one is generated ' +
      'into DATA_DIR/data-key: copy the first instance’s there or set it). Refusing to start.',
  );

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A value sealed under a key other than `id`, in any sealed column; that key's id, or undefined. */
async function sealedUnderAnotherKey(tx: Db, id: string): Promise<string | undefined> {
  const ours = `%enc:v1:${likeLiteral(id)}:%`;
  const columns: [typeof registrations | typeof orders | typeof staffUsers | typeof webhookEndpoints, Column][] = [
    [registrations, registrations.emergencyContactName],
    [registrations, registrations.emergencyContactPhone],
    [registrations, registrations.medicalConditions],
    [registrations, registrations.bloodGroup],
    [registrations, registrations.guardianName],
    [registrations, registrations.guardianPhone],
    [orders, orders.participant],
    [staffUsers, staffUsers.twoFactorSecret],
    // Webhook signing secrets (decision 064).
    [webhookEndpoints, webhookEndpoints.secret],
  ];
  for (const [table, column] of columns) {
    // Raw text on purpose: read through the column, a value would be opened (and fail) first.
    const text = sql<string>`CAST(${column} AS text)`;
    const [found] = await tx
      .select({ value: text })
      .from(table)
      .where(sql`${text} LIKE '%enc:v1:%' AND ${text} NOT LIKE ${ours} ESCAPE '\\'`)
      .limit(1);
    if (found) return /enc:v1:([^:]+):/.exec(found.value)?.[1] ?? '?';
  }
  return undefined;
}

const recorded = async (tx: Db) =>
  (await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, DATA_KEY_FINGERPRINT_SETTING)))[0]?.value as
    string | undefined;

/**
 * Checks `key` against the database's fingerprint, recording it when there is none (the first
 * start, or the first since fingerprints). Throws DataKeyMismatch for another key. Two instances
 * starting at once with different keys: one records, the other reads it back and is refused.
 */
export async function checkDataKey(tx: Db, key: Buffer): Promise<'matched' | 'recorded'> {
  const fingerprint = dataKeyFingerprint(key);
  const short = (value: string) => value.slice(0, 8);
  let stored = await recorded(tx);
  if (stored === undefined) {
    const other = await sealedUnderAnotherKey(tx, dataKeyId(key));
    if (other !== undefined) throw mismatch(`values are sealed under key id ${other}, this key's id is ${dataKeyId(key)}`);
    await tx.insert(settings).values({ key: DATA_KEY_FINGERPRINT_SETTING, value: fingerprint }).onConflictDoNothing();
    stored = await recorded(tx);
    if (stored === fingerprint) return 'recorded';
  }
  if (stored !== fingerprint) {
    throw mismatch(`the database's key fingerprint begins ${short(String(stored))}, this key's ${short(fingerprint)}`);
  }
  return 'matched';
}
