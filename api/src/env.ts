// Every environment variable the API reads, parsed once. Nothing else in the API touches
// process.env, so tests build their own Env with loadEnv({...}).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { staffPasswordSchema } from './contract/staff';
import { parseProxyEntry, type TrustedProxies } from './http/client-address';

/** The repository root: api/src/../.. (api/dist/../.. when served from the build, tooling/api-build.mjs). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

export const KNOWN_REMOTES = [
  'storefront',
  'admin-events',
  'admin-tickets',
  'admin-registrations',
  'admin-insights',
  'admin-platform',
] as const;

const DEV_CASHFREE_APP_ID = 'TEST_TDK_DEV_APP_ID';
const DEV_CASHFREE_SECRET_KEY = 'TEST_TDK_DEV_SECRET_KEY';

/** How to make a SESSION_SECRET, said in every refusal of one. */
export const MAKE_SESSION_SECRET =
  'Use 32 or more random characters with at least 12 different ones, or a 32-byte key in hex or base64; make one with: openssl rand -base64 48';
const DISTINCT_CHARACTERS = 12;

/**
 * A secret with real entropy: a hex key of 32 bytes or more (64 hex digits, as `openssl rand -hex
 * 32` gives) with at least 10 different digits, or any other value of 32 or more characters with at least
 * DISTINCT_CHARACTERS different ones (a base64 key of 32 bytes has 43 or 44). 32 identical
 * characters, or a short word repeated, are refused.
 */
export function isStrongSessionSecret(secret: string): boolean {
  const distinct = new Set(secret).size;
  if (/^[0-9a-f]{64,}$/i.test(secret)) return new Set(secret.toLowerCase()).size >= 10;
  return secret.length >= 32 && distinct >= DISTINCT_CHARACTERS;
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional());
const path = (fallback: string) =>
  z.preprocess(emptyAsUndefined, z.string().default(fallback)).transform((p) => resolve(process.cwd(), p));

const schema = z
  .object({
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
    NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
    DATA_DIR: path(resolve(REPO_ROOT, 'data')),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine((url) => databaseEngineOf(url) !== undefined, {
          message: 'DATABASE_URL must be postgres://user:password@host:port/database or sqlite:/path/to/file.db',
        })
        .optional(),
    ),
    UPLOADS_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
    DATABASE_POOL_SIZE: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'DATABASE_POOL_SIZE must be a whole number' })
        .int('DATABASE_POOL_SIZE must be a whole number')
        .min(1, 'DATABASE_POOL_SIZE must be at least 1')
        .max(100, 'DATABASE_POOL_SIZE must be at most 100')
        .default(10),
    ),
    PUBLIC_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' })
        .transform((u) => u.replace(/\/+$/, ''))
        .optional(),
    ),
    PAYMENTS_MODE: z.preprocess(emptyAsUndefined, z.enum(['emulator', 'sandbox', 'production']).default('emulator')),
    CASHFREE_APP_ID: optionalString,
    CASHFREE_SECRET_KEY: optionalString,
    SMTP_URL: optionalString,
    MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('TDK Sports <no-reply@tdksports.in>')),
    ADMIN_EMAIL: z.preprocess(
      emptyAsUndefined,
      z
        .email('ADMIN_EMAIL must be an e-mail address')
        .transform((e) => e.toLowerCase())
        .optional(),
    ),
    ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, staffPasswordSchema.optional()),
    STATIC_ROOT: path(REPO_ROOT),
    REMOTES_FILE: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .transform((p) => resolve(process.cwd(), p))
        .optional(),
    ),
    EMULATOR_WEBHOOK_RETRY_MS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\d+(,\d+)*$/, 'EMULATOR_WEBHOOK_RETRY_MS must be comma-separated milliseconds, e.g. 120000,600000,1800000')
        .transform((v) => v.split(',').map(Number))
        .optional(),
    ),
    EMULATOR_REFUND_SETTLE_MS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^(\d+|manual)$/, "EMULATOR_REFUND_SETTLE_MS must be milliseconds or 'manual'")
        .transform((v) => (v === 'manual' ? null : Number(v)))
        .optional(),
    ),
    WAITING_ROOM_SNAPSHOT_MS: z.preprocess(
      emptyAsUndefined,
      z.string().regex(/^\d+$/, 'WAITING_ROOM_SNAPSHOT_MS must be milliseconds').transform(Number).default(250),
    ),
    SESSION_SECRET: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .min(32, `SESSION_SECRET must be at least 32 characters. ${MAKE_SESSION_SECRET}`)
        .refine(isStrongSessionSecret, `SESSION_SECRET is too easy to guess. ${MAKE_SESSION_SECRET}`)
        .optional(),
    ),
    // Seats one client may hold per 15-minute window (decision 027): per address, and per buyer
    // e-mail and per phone. Raise the address limit for a venue whose buyers share one address.
    CHECKOUT_SEATS_PER_ADDRESS: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'CHECKOUT_SEATS_PER_ADDRESS must be a whole number' })
        .int('CHECKOUT_SEATS_PER_ADDRESS must be a whole number')
        .min(25, 'CHECKOUT_SEATS_PER_ADDRESS must be at least 25 (one full order)')
        .default(30),
    ),
    CHECKOUT_SEATS_PER_BUYER: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'CHECKOUT_SEATS_PER_BUYER must be a whole number' })
        .int('CHECKOUT_SEATS_PER_BUYER must be a whole number')
        .min(25, 'CHECKOUT_SEATS_PER_BUYER must be at least 25 (one full order)')
        .default(25),
    ),
    // Requests one API token may make per minute on /api/v1 (decision 062), counted in the database.
    API_RATE_LIMIT_PER_MINUTE: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'API_RATE_LIMIT_PER_MINUTE must be a whole number' })
        .int('API_RATE_LIMIT_PER_MINUTE must be a whole number')
        .min(1, 'API_RATE_LIMIT_PER_MINUTE must be at least 1')
        .default(300),
    ),
    // Webhooks (decision 064) may go to http:// and to private or loopback addresses: unset means
    // yes outside production (tests, the dev emulator) and no in production (no server-side request forgery).
    WEBHOOK_ALLOW_PRIVATE_URLS: z.preprocess(
      emptyAsUndefined,
      z.enum(['true', 'false'], { error: 'WEBHOOK_ALLOW_PRIVATE_URLS must be true or false' }).optional(),
    ),
    DATA_ENCRYPTION_KEY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine(
          (value) => dataKeyBytes(value) !== undefined,
          'DATA_ENCRYPTION_KEY must be 32 random bytes in base64 or hex (openssl rand -base64 32)',
        )
        .optional(),
    ),
    // Decision 063: the Ed25519 key that signs published results (its 32-byte private seed).
    RESULTS_SIGNING_KEY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine(
          (value) => dataKeyBytes(value) !== undefined,
          'RESULTS_SIGNING_KEY must be an Ed25519 private key of 32 random bytes in base64 or hex (openssl rand -base64 32)',
        )
        .optional(),
    ),
    // Decision 070: earlier RESULTS_SIGNING_KEY values, comma-separated: their public halves stay in
    // the JWKS so that certificates already printed still verify; nothing is signed with them.
    RESULTS_RETIRED_KEYS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine(
          (value) => value.split(',').every((key) => dataKeyBytes(key.trim()) !== undefined),
          'RESULTS_RETIRED_KEYS must be earlier RESULTS_SIGNING_KEY values (32 bytes in base64 or hex each), separated by commas',
        )
        .optional(),
    ),
    // Decision 035: how many proxies in front are trusted to add X-Forwarded-For's hops (true = 1).
    TRUST_PROXY: z
      .preprocess(
        emptyAsUndefined,
        z
          .string()
          .trim()
          .toLowerCase()
          .refine((v) => /^(true|false|[0-9]|10)$/.test(v), {
            message: 'TRUST_PROXY must be true, false or the number of proxies in front of the API (0 to 10)',
          })
          .default('false'),
      )
      .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v))),
    // ...and the addresses (or CIDR ranges) of proxies trusted wherever they stand in the chain.
    TRUSTED_PROXIES: z
      .preprocess(emptyAsUndefined, z.string().default(''))
      .transform((v) =>
        v
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every((entry) => parseProxyEntry(entry) !== undefined), {
        message: 'TRUSTED_PROXIES must be IP addresses or CIDR ranges separated by commas (10.0.0.2, 10.1.0.0/16, 2001:db8::/32)',
      }),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    if (production && env.PAYMENTS_MODE === 'emulator') {
      // The emulator signs webhooks with a public development secret: anyone could mark an order PAID.
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_MODE'],
        message: 'PAYMENTS_MODE must be sandbox or production when NODE_ENV is production (the emulator is for development only)',
      });
    }
    const needsRealKeys = production && env.PAYMENTS_MODE !== 'emulator';
    for (const [key, devValue] of [
      ['CASHFREE_APP_ID', DEV_CASHFREE_APP_ID],
      ['CASHFREE_SECRET_KEY', DEV_CASHFREE_SECRET_KEY],
    ] as const) {
      if (needsRealKeys && !env[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required in production when PAYMENTS_MODE is ${env.PAYMENTS_MODE}`,
        });
      } else if (needsRealKeys && env[key] === devValue) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is the public development value; use your Cashfree credentials`,
        });
      }
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: `SESSION_SECRET is required in production. ${MAKE_SESSION_SECRET}`,
      });
    }
    if (env.NODE_ENV === 'production' && !env.DATA_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATA_ENCRYPTION_KEY'],
        message: 'DATA_ENCRYPTION_KEY is required in production (make one with: openssl rand -base64 32)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.RESULTS_SIGNING_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['RESULTS_SIGNING_KEY'],
        message: 'RESULTS_SIGNING_KEY is required in production (make one with: openssl rand -base64 32)',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together' });
    }
  });

export type DatabaseEngine = 'sqlite' | 'postgres';

/** Where the data lives: a SQLite file (the default, DATA_DIR/app.db) or a PostgreSQL server. */
export type DatabaseConfig = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; poolSize: number };

/** The engine a DATABASE_URL names; undefined for one that names neither. Unset means SQLite. */
export function databaseEngineOf(url: string | undefined): DatabaseEngine | undefined {
  if (url === undefined || url.trim() === '') return 'sqlite';
  if (/^postgres(ql)?:\/\/./i.test(url.trim())) return 'postgres';
  if (/^sqlite:./i.test(url.trim())) return 'sqlite';
  return undefined;
}

/**
 * The engine this process runs on, from DATABASE_URL: the tables services query (db/schema.ts) are
 * that engine's, so one process serves one engine. A DATABASE_URL naming neither is refused by
 * loadEnv with its message; here it counts as SQLite.
 */
export const PROCESS_DATABASE_ENGINE: DatabaseEngine = databaseEngineOf(process.env.DATABASE_URL) ?? 'sqlite';

/** Tests only: a PostgreSQL server a SQLite test run may use as well (db:copy's target). */
export const TEST_POSTGRES_URL: string | undefined = process.env.TEST_POSTGRES_URL || undefined;

export type Env = {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  dataDir: string;
  database: DatabaseConfig;
  /** Uploaded images: DATA_DIR/uploads, or UPLOADS_DIR (shared storage when several instances serve). */
  uploadsDir: string;
  publicUrl: string | undefined;
  payments: { mode: 'emulator' | 'sandbox' | 'production'; appId: string; secretKey: string };
  mail: { smtpUrl: string | undefined; from: string };
  admin: { email: string; password: string } | undefined;
  staticRoot: string;
  remotesFile: string | undefined;
  /** Seats one client may hold per hold window (decision 027): per address, and per buyer e-mail and phone. */
  checkoutSeats: { perAddress: number; perBuyer: number };
  /** Requests one API token may make per minute on /api/v1 (decision 062). */
  apiRateLimitPerMinute: number;
  /** Webhooks may go to http:// and private or loopback addresses (decision 064): outside production unless set. */
  webhookAllowPrivateUrls: boolean;
  /** The Cashfree emulator's webhook retry delays (default Cashfree's 2, 10, 30 minutes); tests scale them down. */
  emulatorWebhookRetryMs: number[] | undefined;
  /** How long the emulator keeps a refund PENDING before it succeeds (default 3 s); null: settled by hand (tests). */
  emulatorRefundSettleMs: number | null | undefined;
  /** How long a waiting room's status snapshot serves every browser (decision 032); tests use 0. */
  waitingRoomSnapshotMs: number;
  /** Signs staff sessions; outside production, unset means a generated DATA_DIR/session-secret. */
  sessionSecret: string | undefined;
  /** Encrypts personal data at rest (decision 030): 32 bytes; outside production, unset means a generated DATA_DIR/data-key. */
  dataEncryptionKey: Buffer | undefined;
  /** Signs published results (decision 063): an Ed25519 private seed of 32 bytes; outside production, unset means a generated DATA_DIR/results-signing-key. */
  resultsSigningKey: Buffer | undefined;
  /** Decision 070: retired results keys' seeds, whose public halves the JWKS keeps. */
  resultsRetiredKeys: Buffer[];
  /** Reverse proxies trusted to add X-Forwarded-For's hops (decision 035); none: the socket's peer is the client. */
  trustProxy: TrustedProxies;
  /** REMOTE_<NAME>_URL overrides, keyed by remote name (REMOTE_ADMIN_EVENTS_URL → admin-events). */
  remoteUrls: Record<string, string>;
};

/** A 32-byte key written as 64 hex digits or base64 (either alphabet); undefined for anything else. */
export function dataKeyBytes(value: string): Buffer | undefined {
  const text = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : undefined;
  return bytes?.length === 32 ? bytes : undefined;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Turns REMOTE_ADMIN_EVENTS_URL into admin-events; any REMOTE_*_URL counts so a new remote needs no code. */
function remoteUrlsFrom(source: Record<string, string | undefined>) {
  const urls: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    const match = /^REMOTE_([A-Z0-9_]+)_URL$/.exec(key);
    if (match && value?.trim()) urls[match[1].toLowerCase().replace(/_/g, '-')] = value.trim();
  }
  return urls;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const admin = e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    dataDir: e.DATA_DIR,
    database: databaseConfig(e.DATABASE_URL, e.DATA_DIR, e.DATABASE_POOL_SIZE),
    uploadsDir: e.UPLOADS_DIR ? resolve(process.cwd(), e.UPLOADS_DIR) : resolve(e.DATA_DIR, 'uploads'),
    publicUrl: e.PUBLIC_URL,
    payments: {
      mode: e.PAYMENTS_MODE,
      appId: e.CASHFREE_APP_ID ?? DEV_CASHFREE_APP_ID,
      secretKey: e.CASHFREE_SECRET_KEY ?? DEV_CASHFREE_SECRET_KEY,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    admin,
    staticRoot: e.STATIC_ROOT,
    remotesFile: e.REMOTES_FILE,
    emulatorWebhookRetryMs: e.EMULATOR_WEBHOOK_RETRY_MS,
    emulatorRefundSettleMs: e.EMULATOR_REFUND_SETTLE_MS,
    waitingRoomSnapshotMs: e.WAITING_ROOM_SNAPSHOT_MS,
    sessionSecret: e.SESSION_SECRET,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY ? dataKeyBytes(e.DATA_ENCRYPTION_KEY) : undefined,
    resultsSigningKey: e.RESULTS_SIGNING_KEY ? dataKeyBytes(e.RESULTS_SIGNING_KEY) : undefined,
    resultsRetiredKeys: e.RESULTS_RETIRED_KEYS ? e.RESULTS_RETIRED_KEYS.split(',').map((key) => dataKeyBytes(key.trim())!) : [],
    trustProxy: { hops: e.TRUST_PROXY, addresses: e.TRUSTED_PROXIES },
    checkoutSeats: { perAddress: e.CHECKOUT_SEATS_PER_ADDRESS, perBuyer: e.CHECKOUT_SEATS_PER_BUYER },
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    webhookAllowPrivateUrls:
      e.WEBHOOK_ALLOW_PRIVATE_URLS === undefined ? e.NODE_ENV !== 'production' : e.WEBHOOK_ALLOW_PRIVATE_URLS === 'true',
    remoteUrls: remoteUrlsFrom(source),
  };
}

function databaseConfig(url: string | undefined, dataDir: string, poolSize: number): DatabaseConfig {
  const trimmed = url?.trim();
  if (trimmed && databaseEngineOf(trimmed) === 'postgres') return { engine: 'postgres', url: trimmed, poolSize };
  if (trimmed) return { engine: 'sqlite', file: resolve(process.cwd(), trimmed.replace(/^sqlite:(\/\/)?/i, '')) };
  return { engine: 'sqlite', file: resolve(dataDir, 'app.db') };
}

function loadProcessEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    // A broken environment is fatal wherever it is first read; say what is wrong, not where.
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The environment of this process, parsed once. */
export const env: Env = loadProcessEnv();
