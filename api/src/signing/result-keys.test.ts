import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SignedResultPayload } from '../contract/results';
import { resultKeyFromSeed, resultSigningKey, signResult, verifySignedResult } from './result-keys';

const payload: SignedResultPayload = {
  v: 1,
  resultId: 41,
  version: 2,
  name: 'अनन्या Kulkarni',
  birthYear: 1991,
  gender: 'female',
  bib: 2107,
  event: { id: 7, title: 'Pune Half Marathon', date: '2026-12-06' },
  organiser: 'Pune Runners Trust',
  race: { id: 12, name: 'Half Marathon', distanceMetres: 21_097 },
  category: 'F 30–39',
  status: 'finisher',
  netTime: '1:52:07.3',
  gunTime: '1:54:40',
  rankOverall: 118,
  iss: 'https://tickets.example.in',
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The JWS with one byte of its payload part changed: another field value, the same signature. */
function tamper(jws: string, change: (p: SignedResultPayload) => SignedResultPayload) {
  const [header, , signature] = jws.split('.');
  const body = Buffer.from(JSON.stringify(change(payload))).toString('base64url');
  return `${header}.${body}.${signature}`;
}

describe('signed results', () => {
  it('verifies against the JWKS by its kid, and reads back the payload', async () => {
    const key = await resultKeyFromSeed(randomBytes(32));
    const jws = await signResult(key, payload);
    expect(JSON.parse(Buffer.from(jws.split('.')[0], 'base64url').toString())).toEqual({
      alg: 'EdDSA',
      kid: key.kid,
      typ: 'tdk-result+jws',
    });
    expect(key.jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: key.kid });
    expect(key.jwks.keys[0]).not.toHaveProperty('d');
    expect(await verifySignedResult(jws, key.jwks)).toEqual(payload);
    // Deterministic: the same result signs the same.
    expect(await signResult(key, payload)).toBe(jws);
  });

  it('fails a tampered field: a faster time, another name', async () => {
    const key = await resultKeyFromSeed(randomBytes(32));
    const jws = await signResult(key, payload);
    await expect(
      verifySignedResult(
        tamper(jws, (p) => ({ ...p, netTime: '1:29:07.3' })),
        key.jwks,
      ),
    ).rejects.toThrow(/signature/i);
    await expect(
      verifySignedResult(
        tamper(jws, (p) => ({ ...p, name: 'Someone Else' })),
        key.jwks,
      ),
    ).rejects.toThrow(/signature/i);
  });

  it('fails a result signed by a key the JWKS does not hold', async () => {
    const ours = await resultKeyFromSeed(randomBytes(32));
    const theirs = await resultKeyFromSeed(randomBytes(32));
    await expect(verifySignedResult(await signResult(theirs, payload), ours.jwks)).rejects.toThrow(
      /no applicable key|matching key/i,
    );
  });

  it('keeps a generated key in DATA_DIR outside production, and uses RESULTS_SIGNING_KEY when set', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'tdk-results-key-')), 'data');
    dirs.push(dataDir);
    const first = await resultSigningKey({ dataDir, resultsSigningKey: undefined });
    expect(statSync(join(dataDir, 'results-signing-key')).mode & 0o777).toBe(0o600);
    const seed = Buffer.from(readFileSync(join(dataDir, 'results-signing-key'), 'utf8').trim(), 'base64');
    expect((await resultKeyFromSeed(seed)).kid).toBe(first.kid);
    const configured = await resultSigningKey({ dataDir, resultsSigningKey: Buffer.alloc(32, 9) });
    expect(configured.kid).toBe((await resultKeyFromSeed(Buffer.alloc(32, 9))).kid);
    expect(configured.kid).not.toBe(first.kid);
  });

  it('still verifies results signed before a rotation when the old key is kept in RESULTS_RETIRED_KEYS', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'tdk-results-key-')), 'data');
    dirs.push(dataDir);
    const oldSeed = Buffer.alloc(32, 3);
    const before = await resultSigningKey({ dataDir, resultsSigningKey: oldSeed });
    const printed = await signResult(before, payload);
    // Rotated without keeping the old key: the printed certificate no longer verifies.
    const forgotten = await resultSigningKey({ dataDir, resultsSigningKey: Buffer.alloc(32, 4) });
    await expect(verifySignedResult(printed, forgotten.jwks)).rejects.toThrow(/no applicable key|matching key/i);
    // Rotated with it retired: both kids are published, new results are signed with the new key only.
    const rotated = await resultSigningKey({ dataDir, resultsSigningKey: Buffer.alloc(32, 4), resultsRetiredKeys: [oldSeed] });
    expect(rotated.jwks.keys.map((k) => k.kid)).toEqual([forgotten.kid, before.kid]);
    expect(await verifySignedResult(printed, rotated.jwks)).toEqual(payload);
    const fresh = await signResult(rotated, payload);
    expect(JSON.parse(Buffer.from(fresh.split('.')[0]!, 'base64url').toString()).kid).toBe(forgotten.kid);
  });
});
