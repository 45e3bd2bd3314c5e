// Personal data encrypted at rest (decision 030): AES-256-GCM through node:crypto, one module. The
// columns that hold medical conditions, emergency and guardian contacts and the staff TOTP secrets
// are declared with `encryptedText` (schema.sqlite.ts, schema.pg.ts), so every read and write of
// them through Drizzle passes here and no service handles ciphertext.
//
// A stored value reads 'enc:v1:<key id>:<iv>:<tag>:<ciphertext>' (base64url parts). The key id (the
// first bytes of the key's SHA-256) names which key sealed it, so a value sealed under a key this
// process also knows still opens (tests open several databases, each with its own key), and a value
// sealed under an unknown key fails loudly rather than reading as garbage. A value without the
// prefix is plaintext from before this module: it reads as it is, until `encryptExistingRows`
// (db/encrypt-existing.ts, run at every start) seals it.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
const ALGORITHM = 'aes-256-gcm';

const keys = new Map<string, Buffer>();
let current: { id: string; key: Buffer } | undefined;

/** The id a sealed value names its key by: the first characters of the key's SHA-256. */
export const dataKeyId = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 8);

/** Makes `key` (32 bytes) the one new values are sealed with; values sealed with earlier keys still open. */
export function setDataKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('The data encryption key must be 32 bytes');
  const id = dataKeyId(key);
  keys.set(id, Buffer.from(key));
  current = { id, key: keys.get(id)! };
}

/**
 * The key of this data folder: DATA_ENCRYPTION_KEY when set (env.ts insists on it in production);
 * otherwise a random key kept in DATA_DIR/data-key (mode 0600), so a development server reads its
 * own data after a restart. Not yet the current key: prepareDatabase checks it against the
 * database's fingerprint first (db/data-key-fingerprint.ts).
 */
export function readDataKey(env: { dataEncryptionKey?: Buffer | undefined; dataDir: string }): Buffer {
  if (env.dataEncryptionKey) return env.dataEncryptionKey;
  const file = join(env.dataDir, 'data-key');
  const stored = existsSync(file) ? Buffer.from(readFileSync(file, 'utf8').trim(), 'base64') : undefined;
  if (stored?.length === 32) return stored;
  mkdirSync(env.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/** readDataKey, made the current key. */
export function resolveDataKey(env: { dataEncryptionKey?: Buffer | undefined; dataDir: string }): Buffer {
  const key = readDataKey(env);
  setDataKey(key);
  return key;
}

export const isSealed = (value: string) => value.startsWith(PREFIX);

/** `plain` sealed with the current key; '' stays '' (nothing to hide, and "none given" stays visible). */
export function seal(plain: string): string {
  if (plain === '' || isSealed(plain)) return plain;
  if (!current) throw new Error('No data encryption key: prepareDatabase() resolves one before any query');
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, current.key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${current.id}:${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
}

/** The plaintext of a stored value (a value from before encryption reads as it is). */
export function unseal(stored: string): string {
  if (!isSealed(stored)) return stored;
  const [id, iv, tag, body] = stored.slice(PREFIX.length).split(':');
  const key = id ? keys.get(id) : undefined;
  if (!key || iv === undefined || tag === undefined || body === undefined) {
    throw new Error(`A value is sealed with a data key this process does not have (key id ${id ?? '?'})`);
  }
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A JSON value as it is stored: `{ sealed }`. */
export const sealJson = (value: unknown): { sealed: string } => ({ sealed: seal(JSON.stringify(value)) });

/** The value `sealJson` stored; a value stored before encryption (no `sealed`) reads as it is. */
export function unsealJson(stored: unknown): unknown {
  if (stored && typeof stored === 'object' && typeof (stored as { sealed?: unknown }).sealed === 'string') {
    const sealed = (stored as { sealed: string }).sealed;
    return isSealed(sealed) ? JSON.parse(unseal(sealed)) : stored;
  }
  return stored;
}
