// Signed results (issue 43, decision 063): every published result is signed with the platform's
// Ed25519 key as a compact JWS (alg EdDSA), and the public key is published as a JWKS at
// /.well-known/tdk-results-keys.json, so anyone can check a result offline. The key is
// RESULTS_SIGNING_KEY (its 32-byte private seed, required in production, the same on every
// instance); outside production, unset, a random one is kept in DATA_DIR/results-signing-key (mode
// 0600), as the session secret and the data key are. Its `kid` is the public key's JWK thumbprint
// (RFC 7638), so a new key has a new kid and verifiers find the right key by it.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, CompactSign, compactVerify, createLocalJWKSet, exportJWK, type JSONWebKeySet } from 'jose';
import { keepPrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../db/client';
import { dataKeyBytes, type Env } from '../env';
import type { SignedResultPayload } from '../contract/results';

export type ResultKeyEnv = Pick<Env, 'resultsSigningKey' | 'dataDir'> & Partial<Pick<Env, 'resultsRetiredKeys'>>;

/** The JWS header's `typ` of a signed result. */
export const SIGNED_RESULT_TYPE = 'tdk-result+jws';

export interface ResultSigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  jwks: JSONWebKeySet;
}

/** PKCS #8's DER prefix of an Ed25519 private key (RFC 8410), before its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The key pair of a 32-byte Ed25519 seed, with its JWKS. */
export async function resultKeyFromSeed(seed: Buffer): Promise<ResultSigningKey> {
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, privateKey, publicKey, jwks: { keys: [{ ...jwk, kid, alg: 'EdDSA', use: 'sig' }] } };
}

/** RESULTS_SIGNING_KEY, or DATA_DIR/results-signing-key (made once outside production). */
function resultSeed(env: ResultKeyEnv): Buffer {
  if (env.resultsSigningKey) return env.resultsSigningKey;
  const file = join(env.dataDir, 'results-signing-key');
  if (existsSync(file)) {
    keepPrivate(file, PRIVATE_FILE_MODE);
    const stored = dataKeyBytes(readFileSync(file, 'utf8'));
    if (stored) return stored;
  }
  mkdirSync(env.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const seed = randomBytes(32);
  writeFileSync(file, `${seed.toString('base64')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return seed;
}

const keys = new Map<string, Promise<ResultSigningKey>>();

/**
 * This instance's results key, read (or made) once per source; its JWKS also holds the public halves
 * of RESULTS_RETIRED_KEYS (decision 070), so that results signed before a rotation still verify.
 */
export function resultSigningKey(env: ResultKeyEnv): Promise<ResultSigningKey> {
  const retired = env.resultsRetiredKeys ?? [];
  const source = env.resultsSigningKey ? `env:${env.resultsSigningKey.toString('base64')}` : `file:${env.dataDir}`;
  const cacheKey = `${source}|${retired.map((seed) => seed.toString('base64')).join(',')}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = (async () => {
      const current = await resultKeyFromSeed(resultSeed(env));
      const old = await Promise.all(retired.map((seed) => resultKeyFromSeed(seed)));
      const published = old.flatMap((o) => o.jwks.keys).filter((k) => k.kid !== current.kid);
      return { ...current, jwks: { keys: [...current.jwks.keys, ...published] } };
    })();
    keys.set(cacheKey, key);
  }
  return key;
}

/** A result's compact JWS: the payload as JSON, signed EdDSA under the key's kid. Ed25519 is deterministic: the same result signs the same. */
export async function signResult(key: ResultSigningKey, payload: SignedResultPayload): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: SIGNED_RESULT_TYPE })
    .sign(key.privateKey);
}

/**
 * What a verifier does (and the result page shows): the payload of a signed result whose signature
 * checks against a key of the JWKS named by its kid; throws for a tampered result or an unknown key.
 */
export async function verifySignedResult(jws: string, jwks: JSONWebKeySet): Promise<SignedResultPayload> {
  const { payload, protectedHeader } = await compactVerify(jws, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] });
  if (protectedHeader.typ !== SIGNED_RESULT_TYPE) throw new Error('Not a signed result');
  return JSON.parse(new TextDecoder().decode(payload)) as SignedResultPayload;
}
