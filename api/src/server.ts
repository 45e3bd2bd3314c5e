import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { Database } from './db/client';
import { DatabaseStartupError, describeDatabaseUrl, prepareDatabase } from './db/migrate';
import { formatCredentialsNotice, seedIfEmpty } from './db/seed';
import { DATA_UPGRADES, runDataUpgrades } from './services/data-upgrades';
import { env } from './env';
import { startJobs } from './jobs/scheduler';
import { createCashfreeProvider } from './payments/cashfree';
import { anyStaffAccount, upsertAdmin } from './services/staff';
import { adoptLastingInstanceId } from './services/job-leases';

const describeDatabase = (e: typeof env) =>
  e.database.engine === 'sqlite' ? e.database.file : `PostgreSQL at ${describeDatabaseUrl(e.database.url)}`;

async function openOrExit(): Promise<Database> {
  try {
    return await prepareDatabase(env);
  } catch (error) {
    // Corrupt or newer databases are the operator's call; say so plainly and touch nothing.
    if (error instanceof DatabaseStartupError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const db = await openOrExit();
// Registrations from before attendees become orders of attendees (decision 021): once per database.
await runDataUpgrades(db, DATA_UPGRADES.slice(0, 1));

const seed = await seedIfEmpty(db, { nodeEnv: env.nodeEnv, env });
if (seed.seeded) {
  const what = env.nodeEnv === 'production' ? 'the default settings' : 'demo data';
  console.log(`[api] seeded ${what} into ${describeDatabase(env)}`);
}
// The other upgrades of the data (decision 036), after the seed: each once per database.
await runDataUpgrades(db);

if (env.admin) {
  const { created } = await upsertAdmin(db, env.admin.email, env.admin.password);
  console.log(`[api] admin ${env.admin.email} ${created ? 'created' : 'reset'} from ADMIN_EMAIL/ADMIN_PASSWORD`);
}
// The env admin's password is the operator's, not the generated one.
const credentials = seed.staffCredentials.filter((c) => c.email !== env.admin?.email);
if (credentials.length > 0) console.log(formatCredentialsNotice(credentials));
if (!(await db.query(anyStaffAccount))) {
  console.warn('[api] no staff account exists: set ADMIN_EMAIL and ADMIN_PASSWORD, or run npm run create-admin');
}

// One payment provider (payments/provider.ts) for the app's routes and the background jobs.
const provider = createCashfreeProvider({ env });
const app = createApp({ db, env, provider });
// The same lease holder after a restart (issue 40): a kill -9 leaves its leases to this process at once.
adoptLastingInstanceId(env);
// The background jobs (jobs/scheduler.ts): lapsed holds go back on sale, queued e-mails are sent,
// the provider is asked about open orders and refunds, and the rest (DESIGN.md section 5).
const jobs = startJobs(db, env, provider);
const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
  const local = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;
  console.log(
    `[api] listening on ${env.publicUrl ?? `http://${local}:${info.port}`} (${env.nodeEnv}, ${env.database.engine}, payments: ${env.payments.mode})`,
  );
  // The first visitor should not wait while the storefront's server build loads (decision 016):
  // draw the home page once now.
  void Promise.resolve(app.request('/', { headers: { Accept: 'text/html' } })).catch(() => undefined);
});

function shutdown(signal: string) {
  console.log(`[api] ${signal}: shutting down`);
  server.close(() => {
    void Promise.allSettled([jobs.stop()])
      .then(() => db.close())
      .finally(() => process.exit(0));
  });
  // Keep-alive connections may hold close() open; do not hang a deploy on them.
  setTimeout(() => process.exit(0), 5000).unref();
}
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
