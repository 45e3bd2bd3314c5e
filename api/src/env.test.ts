import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseEngineOf, EnvError, loadEnv, REPO_ROOT } from './env';

const SECRET = 'q3Vt9sKp2LxW7mZr4NbY8cHd6FgJ1aEu';
/** 32 bytes, as `openssl rand -base64 32` writes them. */
const DATA_KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadEnv', () => {
  it('has working defaults for development', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      dataDir: resolve(REPO_ROOT, 'data'),
      staticRoot: REPO_ROOT,
      publicUrl: undefined,
      payments: { mode: 'emulator' },
      admin: undefined,
      remotesFile: undefined,
      remoteUrls: {},
    });
    expect(env.payments.appId).toBeTruthy();
    expect(env.payments.secretKey).toBeTruthy();
    expect(REPO_ROOT).toBe(resolve(import.meta.dirname, '..', '..'));
  });

  it('takes the seat limits of checkout (decision 027), 30 and 25 by default, never below one full order', () => {
    expect(loadEnv({}).checkoutSeats).toEqual({ perAddress: 30, perBuyer: 25 });
    expect(loadEnv({ CHECKOUT_SEATS_PER_ADDRESS: '200', CHECKOUT_SEATS_PER_BUYER: '40' }).checkoutSeats).toEqual({
      perAddress: 200,
      perBuyer: 40,
    });
    expect(() => loadEnv({ CHECKOUT_SEATS_PER_ADDRESS: '10' })).toThrow(/CHECKOUT_SEATS_PER_ADDRESS must be at least 25/);
    expect(() => loadEnv({ CHECKOUT_SEATS_PER_BUYER: 'many' })).toThrow(/CHECKOUT_SEATS_PER_BUYER must be a whole number/);
  });

  it('resolves relative paths against the working directory', () => {
    const env = loadEnv({ DATA_DIR: 'tmp/data', STATIC_ROOT: '.', REMOTES_FILE: 'remotes.json' });
    expect(env.dataDir).toBe(resolve(process.cwd(), 'tmp/data'));
    expect(env.staticRoot).toBe(process.cwd());
    expect(env.remotesFile).toBe(resolve(process.cwd(), 'remotes.json'));
  });

  it('maps REMOTE_<NAME>_URL to remote names', () => {
    const env = loadEnv({
      REMOTE_ADMIN_EVENTS_URL: 'https://cdn.example.com/ae/mf-manifest.json',
      REMOTE_STOREFRONT_URL: ' /custom/mf-manifest.json ',
      REMOTE_ADMIN_TICKETS_URL: '',
    });
    expect(env.remoteUrls).toEqual({
      'admin-events': 'https://cdn.example.com/ae/mf-manifest.json',
      storefront: '/custom/mf-manifest.json',
    });
  });

  it('needs real Cashfree keys only in production outside emulator mode', () => {
    const prod = { NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, RESULTS_SIGNING_KEY: DATA_KEY };
    expect(() => loadEnv({ ...prod, PAYMENTS_MODE: 'production' })).toThrow(EnvError);
    expect(() => loadEnv({ ...prod, PAYMENTS_MODE: 'sandbox' })).toThrow(/CASHFREE_APP_ID is required/);
    const env = loadEnv({ ...prod, PAYMENTS_MODE: 'production', CASHFREE_APP_ID: 'id', CASHFREE_SECRET_KEY: 'secret' });
    expect(env.payments).toEqual({ mode: 'production', appId: 'id', secretKey: 'secret' });
  });

  it('refuses production with the emulator, set or by default, and with the public development keys', () => {
    const prod = { NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, RESULTS_SIGNING_KEY: DATA_KEY };
    expect(() => loadEnv(prod)).toThrow(/PAYMENTS_MODE must be sandbox or production when NODE_ENV is production/);
    expect(() => loadEnv({ ...prod, PAYMENTS_MODE: 'emulator', CASHFREE_APP_ID: 'id', CASHFREE_SECRET_KEY: 'secret' })).toThrow(
      /PAYMENTS_MODE/,
    );
    expect(() =>
      loadEnv({ ...prod, PAYMENTS_MODE: 'sandbox', CASHFREE_APP_ID: 'id', CASHFREE_SECRET_KEY: 'TEST_TDK_DEV_SECRET_KEY' }),
    ).toThrow(/CASHFREE_SECRET_KEY is the public development value/);
    // Development keeps its zero-setup emulator.
    expect(loadEnv({}).payments.mode).toBe('emulator');
  });

  it('takes the bootstrap admin only as a complete pair with a long enough password', () => {
    expect(loadEnv({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'long-enough-pass' }).admin).toEqual({
      email: 'boss@example.com',
      password: 'long-enough-pass',
    });
    expect(() => loadEnv({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' })).toThrow(/at least 12/);
    expect(() => loadEnv({ ADMIN_EMAIL: 'boss@example.com' })).toThrow(/set together/);
    expect(() => loadEnv({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough-pass' })).toThrow(/ADMIN_EMAIL/);
  });

  it('needs a DATA_ENCRYPTION_KEY of 32 bytes (base64 or hex) in production only', () => {
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      RESULTS_SIGNING_KEY: DATA_KEY,
      PAYMENTS_MODE: 'sandbox',
      CASHFREE_APP_ID: 'id',
      CASHFREE_SECRET_KEY: 'secret',
    };
    expect(() => loadEnv(prod)).toThrow(
      /DATA_ENCRYPTION_KEY is required in production \(make one with: openssl rand -base64 32\)/,
    );
    expect(loadEnv({ ...prod, DATA_ENCRYPTION_KEY: DATA_KEY }).dataEncryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(loadEnv({ DATA_ENCRYPTION_KEY: '07'.repeat(32) }).dataEncryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadEnv({ DATA_ENCRYPTION_KEY: 'too-short' })).toThrow(/DATA_ENCRYPTION_KEY must be 32 random bytes/);
    expect(() => loadEnv({ DATA_ENCRYPTION_KEY: Buffer.alloc(16, 7).toString('base64') })).toThrow(/DATA_ENCRYPTION_KEY/);
    // Outside production, unset: DATA_DIR/data-key is generated at start (db/data-crypto.ts).
    expect(loadEnv({}).dataEncryptionKey).toBeUndefined();
  });

  it('needs a RESULTS_SIGNING_KEY of 32 bytes (base64 or hex) in production only (decision 063)', () => {
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      DATA_ENCRYPTION_KEY: DATA_KEY,
      PAYMENTS_MODE: 'sandbox',
      CASHFREE_APP_ID: 'id',
      CASHFREE_SECRET_KEY: 'secret',
    };
    expect(() => loadEnv(prod)).toThrow(
      /RESULTS_SIGNING_KEY is required in production \(make one with: openssl rand -base64 32\)/,
    );
    expect(loadEnv({ ...prod, RESULTS_SIGNING_KEY: DATA_KEY }).resultsSigningKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadEnv({ RESULTS_SIGNING_KEY: 'too-short' })).toThrow(/RESULTS_SIGNING_KEY must be an Ed25519 private key/);
    // Outside production, unset: DATA_DIR/results-signing-key is generated at first use (signing/result-keys.ts).
    expect(loadEnv({}).resultsSigningKey).toBeUndefined();
    // Decision 070: earlier keys kept for verifying, each one a key.
    expect(loadEnv({ RESULTS_RETIRED_KEYS: `${DATA_KEY}, ${DATA_KEY}` }).resultsRetiredKeys).toEqual([
      Buffer.alloc(32, 7),
      Buffer.alloc(32, 7),
    ]);
    expect(() => loadEnv({ RESULTS_RETIRED_KEYS: `${DATA_KEY},nope` })).toThrow(
      /RESULTS_RETIRED_KEYS must be earlier RESULTS_SIGNING_KEY values/,
    );
    expect(loadEnv({}).resultsRetiredKeys).toEqual([]);
  });

  it('needs a SESSION_SECRET of 32+ characters in production only', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
    expect(() => loadEnv({ SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/);
    const payments = { PAYMENTS_MODE: 'sandbox', CASHFREE_APP_ID: 'id', CASHFREE_SECRET_KEY: 'secret' };
    expect(
      loadEnv({
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        DATA_ENCRYPTION_KEY: DATA_KEY,
        RESULTS_SIGNING_KEY: DATA_KEY,
        ...payments,
      }).sessionSecret,
    ).toBe(SECRET);
    expect(loadEnv({}).sessionSecret).toBeUndefined();
    // Issue 28: 32 identical characters, or a short word repeated, are no secret; the refusal says how to make one.
    expect(() => loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...payments })).toThrow(
      /SESSION_SECRET is too easy to guess[\s\S]*openssl rand -base64 48/,
    );
    expect(() => loadEnv({ SESSION_SECRET: 'secret'.repeat(8) })).toThrow(/too easy to guess/);
    expect(() => loadEnv({ SESSION_SECRET: '0'.repeat(64) })).toThrow(/too easy to guess/);
    const hexKey = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    expect(loadEnv({ SESSION_SECRET: hexKey }).sessionSecret).toBe(hexKey);
    const base64Key = 'n4bQgYhMfWl+SCheXO8tVw2a4PcC1xaG7XF0Y6m3iY0=';
    expect(loadEnv({ SESSION_SECRET: base64Key }).sessionSecret).toBe(base64Key);
  });

  it('TRUST_PROXY counts the trusted proxies in front (true is one), TRUSTED_PROXIES names them (decision 035)', () => {
    expect(loadEnv({}).trustProxy).toEqual({ hops: 0, addresses: [] });
    expect(loadEnv({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ hops: 0, addresses: [] });
    expect(loadEnv({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1, addresses: [] });
    expect(loadEnv({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1, addresses: [] });
    expect(loadEnv({ TRUST_PROXY: '0' }).trustProxy).toEqual({ hops: 0, addresses: [] });
    expect(loadEnv({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2, addresses: [] });
    expect(() => loadEnv({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY must be true, false or the number/);
    expect(() => loadEnv({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
    expect(loadEnv({ TRUSTED_PROXIES: ' 10.0.0.2, 10.1.0.0/16 ,2001:db8::/32' }).trustProxy).toEqual({
      hops: 0,
      addresses: ['10.0.0.2', '10.1.0.0/16', '2001:db8::/32'],
    });
    expect(() => loadEnv({ TRUSTED_PROXIES: 'proxy.internal' })).toThrow(/TRUSTED_PROXIES must be IP addresses or CIDR/);
    expect(() => loadEnv({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('rejects bad values with a readable message', () => {
    expect(() => loadEnv({ PORT: 'eighty', PAYMENTS_MODE: 'live' })).toThrow(/PORT[\s\S]*PAYMENTS_MODE/);
    expect(() => loadEnv({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
    expect(loadEnv({ PUBLIC_URL: 'https://tickets.example.in/' }).publicUrl).toBe('https://tickets.example.in');
  });

  it('takes SQLite in DATA_DIR/app.db unless DATABASE_URL says otherwise', () => {
    expect(loadEnv({ DATA_DIR: '/srv/tdk' }).database).toEqual({ engine: 'sqlite', file: resolve('/srv/tdk', 'app.db') });
    expect(loadEnv({ DATA_DIR: '/srv/tdk', DATABASE_URL: '' }).database).toEqual({
      engine: 'sqlite',
      file: resolve('/srv/tdk', 'app.db'),
    });
    expect(loadEnv({}).database).toEqual({ engine: 'sqlite', file: resolve(REPO_ROOT, 'data', 'app.db') });
    expect(databaseEngineOf(undefined)).toBe('sqlite');
  });

  it('reads a sqlite: DATABASE_URL as the file it names', () => {
    expect(loadEnv({ DATA_DIR: '/srv/tdk', DATABASE_URL: 'sqlite:/x/y.db' }).database).toEqual({
      engine: 'sqlite',
      file: resolve('/x/y.db'),
    });
    expect(loadEnv({ DATABASE_URL: 'sqlite:///x/y.db' }).database).toEqual({ engine: 'sqlite', file: resolve('/x/y.db') });
    expect(databaseEngineOf('sqlite:/x/y.db')).toBe('sqlite');
  });

  it('reads a postgres:// DATABASE_URL as PostgreSQL, the URL as given', () => {
    const url = 'postgres://tdk:secret@db.internal:5432/tdk';
    expect(loadEnv({ DATABASE_URL: url }).database).toEqual({ engine: 'postgres', url, poolSize: 10 });
    expect(loadEnv({ DATABASE_URL: ' postgresql://tdk@localhost/tdk ' }).database).toEqual({
      engine: 'postgres',
      url: 'postgresql://tdk@localhost/tdk',
      poolSize: 10,
    });
    expect(databaseEngineOf(url)).toBe('postgres');
  });

  it('refuses a DATABASE_URL that names neither engine, saying so', () => {
    for (const url of ['mysql://tdk@localhost/tdk', '/var/lib/tdk/app.db', 'postgres:', 'sqlite:']) {
      expect(() => loadEnv({ DATABASE_URL: url }), url).toThrow(EnvError);
      expect(() => loadEnv({ DATABASE_URL: url }), url).toThrow(/DATABASE_URL/);
      expect(databaseEngineOf(url), url).toBeUndefined();
    }
  });

  it('keeps uploads in DATA_DIR/uploads unless UPLOADS_DIR names shared storage', () => {
    expect(loadEnv({ DATA_DIR: '/srv/tdk' }).uploadsDir).toBe(resolve('/srv/tdk', 'uploads'));
    expect(loadEnv({ DATA_DIR: '/srv/tdk', UPLOADS_DIR: '' }).uploadsDir).toBe(resolve('/srv/tdk', 'uploads'));
    expect(loadEnv({ DATA_DIR: '/srv/tdk', UPLOADS_DIR: '/mnt/shared/uploads' }).uploadsDir).toBe('/mnt/shared/uploads');
    expect(loadEnv({ UPLOADS_DIR: 'shared/uploads' }).uploadsDir).toBe(resolve(process.cwd(), 'shared/uploads'));
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('is 10 connections per instance unless set, and refuses what is not a whole number from 1 to 100', () => {
    const url = 'postgres://tdk:tdk@db:5432/tdk';
    expect(loadEnv({ DATABASE_URL: url, DATABASE_POOL_SIZE: '4' }).database).toEqual({ engine: 'postgres', url, poolSize: 4 });
    expect(() => loadEnv({ DATABASE_URL: url, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE must be at least 1/);
    expect(() => loadEnv({ DATABASE_URL: url, DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE must be a whole number/);
  });
});
