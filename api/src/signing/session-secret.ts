// The secret everything the platform signs derives from: staff sessions (http/auth.ts) and, through
// purpose-keys.ts, ticket links, ticket codes, invoice links, buyer sessions and queue tokens.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { keepPrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../db/client';
import type { Env } from '../env';

export const MIN_SESSION_SECRET_LENGTH = 32;

/**
 * SESSION_SECRET when set (env.ts insists on it in production); otherwise a random secret kept in
 * DATA_DIR/session-secret (mode 0600), so sessions survive a restart of a development server.
 */
export function resolveSessionSecret(env: Pick<Env, 'sessionSecret' | 'dataDir'>): string {
  if (env.sessionSecret) return env.sessionSecret;
  const file = join(env.dataDir, 'session-secret');
  if (existsSync(file)) {
    // A secret from before files were kept owner-only is tightened too (decision 029).
    keepPrivate(file, PRIVATE_FILE_MODE);
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SESSION_SECRET_LENGTH) return stored;
  }
  mkdirSync(env.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
