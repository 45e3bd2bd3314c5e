import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-app';
import { resolveSessionSecret } from './session-secret';

const dirs: string[] = [];
const dataDirOf = () => {
  const dir = tempDir();
  dirs.push(dir);
  return join(dir, 'data');
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('resolveSessionSecret', () => {
  it('uses SESSION_SECRET when set, writing nothing', () => {
    const dataDir = dataDirOf();
    expect(resolveSessionSecret({ sessionSecret: 's'.repeat(40), dataDir })).toBe('s'.repeat(40));
    expect(() => statSync(join(dataDir, 'session-secret'))).toThrow();
  });

  it('otherwise generates one into DATA_DIR/session-secret (0600) and reuses it after a restart', () => {
    const dataDir = dataDirOf();
    const first = resolveSessionSecret({ sessionSecret: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'session-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(resolveSessionSecret({ sessionSecret: undefined, dataDir })).toBe(first);
    // A truncated file is replaced rather than trusted.
    writeFileSync(file, 'short');
    expect(resolveSessionSecret({ sessionSecret: undefined, dataDir })).not.toBe('short');
  });
});
