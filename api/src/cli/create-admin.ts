// npm run create-admin -- <email> [password]
// Creates an admin (or resets that account's password and role). Without a password, one is
// generated and printed once.
import { DatabaseStartupError, describeDatabaseUrl, prepareDatabase } from '../db/migrate';
import { formatCredentialsNotice, seedIfEmpty } from '../db/seed';
import { env } from '../env';
import { staffPasswordSchema } from '../contract/staff';
import { generatePassword } from '../services/passwords';
import { upsertAdmin } from '../services/staff';

const [email, given] = process.argv.slice(2).filter((a) => a !== '--');
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error('Usage: npm run create-admin -- <email> [password]');
  process.exit(2);
}
const checked = given === undefined ? undefined : staffPasswordSchema.safeParse(given);
if (checked && !checked.success) {
  console.error(`${checked.error.issues[0]?.message}.`);
  process.exit(2);
}

/** Where the account was written: the SQLite file, or the PostgreSQL database (without its password). */
const where = env.database.engine === 'sqlite' ? env.database.file : `PostgreSQL at ${describeDatabaseUrl(env.database.url)}`;

try {
  const db = await prepareDatabase(env);
  let outcome;
  try {
    // A fresh database gets its settings and demo data as the server would give it; in production
    // that creates no staff account, so this admin is the first.
    const seed = await seedIfEmpty(db, { nodeEnv: env.nodeEnv, env });
    const password = given ?? generatePassword();
    const { created } = await upsertAdmin(db, email, password);
    outcome = { seed, password, created };
  } finally {
    await db.close();
  }
  const { seed, password, created } = outcome;
  console.log(`Admin ${email.toLowerCase()} ${created ? 'created' : 'updated'} in ${where}.`);
  if (!given) console.log(`Password (shown once): ${password}`);
  const demo = seed.staffCredentials.filter((c) => c.email !== email.toLowerCase());
  if (demo.length > 0) console.log(formatCredentialsNotice(demo));
} catch (error) {
  if (error instanceof DatabaseStartupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
