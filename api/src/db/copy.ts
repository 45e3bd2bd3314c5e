// `npm run db:copy -- --to postgres://…`: a SQLite install's database copied into an empty PostgreSQL
// database, every table and row, ids kept and each identity sequence set past the highest id, in one
// PostgreSQL transaction (all or nothing). The SQLite file is only read. README, "Switching to
// PostgreSQL".
import BetterSqlite3 from 'better-sqlite3';
import { getTableConfig as pgConfig, type PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { asc, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import {
  DatabaseStartupError,
  describeDatabaseUrl,
  migratePostgres,
  POSTGRES_MIGRATIONS_FOLDER,
  checkDatabaseFile,
} from './migrate';
import * as pgSchema from './schema.pg';
import * as sqliteSchema from './schema.sqlite';

/** Parents before children, so every foreign key finds its row. */
export const COPY_ORDER = [
  'organisations',
  'events',
  'ticketTypes',
  'orders',
  'orderLines',
  'registrations',
  'payments',
  'refunds',
  'refundAttendees',
  'waitingListEntries',
  'replacedTicketNumbers',
  'checkIns',
  'kitAuthorisations',
  'buyerCredits',
  'resultVersions',
  'results',
  'buyerSignInLinks',
  'staffUsers',
  'memberships',
  'apiTokens',
  'webhookEndpoints',
  'webhookDeliveries',
  'twoFactorChallenges',
  'passwordResets',
  'organisationSignups',
  'eventCancellations',
  'eventCancellationOrders',
  'waitingRooms',
  'waitingRoomVisitors',
  'invoices',
  'invoiceCounters',
  'platformInvoiceCounters',
  'groupDiscounts',
  'groupDiscountTicketTypes',
  'checkInLists',
  'checkInListTicketTypes',
  'promoCodes',
  'promoCodeTicketTypes',
  'dataRequests',
  'settings',
  'emailOutbox',
  'eventMessages',
  'eventMessageRecipients',
  'announcementOptOuts',
  'auditLog',
  'weeklyReports',
  'newsletterSubscribers',
  'loginAttempts',
  'rateLimits',
  'jobLeases',
  'emulatorOrders',
] as const satisfies readonly (keyof typeof pgSchema & keyof typeof sqliteSchema)[];

const BATCH = 500;

export class CopyRefusal extends Error {
  override name = 'CopyRefusal';
}

/** Copies `sqliteFile` into the PostgreSQL database at `url` (migrated first; it must be empty). */
export async function copySqliteToPostgres(sqliteFile: string, url: string, log: (line: string) => void = () => undefined) {
  checkDatabaseFile(sqliteFile);
  const sqlite = new BetterSqlite3(sqliteFile, { readonly: true, fileMustExist: true });
  const source = drizzleSqlite({ client: sqlite, schema: sqliteSchema });
  await migratePostgres(url, POSTGRES_MIGRATIONS_FOLDER);
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    sqlite.close();
    throw new DatabaseStartupError(
      `--to: PostgreSQL at ${describeDatabaseUrl(url)} does not answer (${(error as Error).message})`,
    );
  }
  const target = drizzlePostgres({ client, schema: pgSchema });
  const counts: Record<string, number> = {};
  try {
    for (const name of COPY_ORDER) {
      const table = pgSchema[name] as PgTable;
      const { name: tableName } = pgConfig(table);
      const [{ n }] = (await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${tableName}"`)).rows;
      if (Number(n) > 0) {
        throw new CopyRefusal(
          `PostgreSQL at ${describeDatabaseUrl(url)} is not empty (${tableName} has ${n} rows): copy into a new, empty database.`,
        );
      }
    }
    await target.transaction(async (tx) => {
      for (const name of COPY_ORDER) {
        const from = sqliteSchema[name] as SQLiteTable;
        const to = pgSchema[name] as PgTable;
        const { name: tableName, columns, primaryKeys } = pgConfig(to);
        // A table's key: its one primary column, or a join table's composite key.
        const key = columns.some((c) => c.primary)
          ? columns.filter((c) => c.primary).map((c) => c.name)
          : primaryKeys[0]!.columns.map((c) => c.name);
        let copied = 0;
        // Rows as Drizzle reads them (booleans, JSON) and writes them again, a batch at a time.
        const all = source
          .select()
          .from(from)
          .orderBy(...key.map((column) => asc(sql.identifier(column))))
          .all() as Record<string, unknown>[];
        // An event's money taken is the database's own sum, kept by the registrations' trigger
        // (decision 041): it starts at nothing and the attendees copied after it add their takings.
        if (name === 'events') for (const row of all) row.takenPaise = 0;
        for (let i = 0; i < all.length; i += BATCH) {
          await tx.insert(to).values(all.slice(i, i + BATCH));
          copied += Math.min(BATCH, all.length - i);
        }
        if (columns.some((c) => c.name === 'id' && c.primary && c.columnType === 'PgInteger')) {
          await tx.execute(
            sql.raw(
              `SELECT setval(pg_get_serial_sequence('"${tableName}"', 'id'), coalesce(max(id), 0) + 1, false) FROM "${tableName}"`,
            ),
          );
        }
        counts[tableName] = copied;
        log(`  ${tableName.padEnd(24)} ${copied}`);
      }
    });
  } finally {
    await client.end().catch(() => undefined);
    sqlite.close();
  }
  return counts;
}
