// Upgrades of the data itself that SQL migrations cannot write (issue 39, decision 036): each runs
// once per database, at the start that first finds it not applied, in one transaction with the
// record that it ran (the `dataUpgrades` settings row), under a lock, so of several instances
// starting together one runs it and the others find it done. Unlike the committed SQL migrations
// they use the services' own rules (ticket numbers, refund shares), the same on both engines.
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { lockKey } from '../db/functions';
import { DATA_UPGRADES_SETTING } from '../db/model';
import { settings } from '../db/schema';
import { splitLegacyRegistrations } from './legacy-registrations';
import { positionsForOpenOrders } from './order-positions';
import { recordPastRefunds } from './refunds';

interface DataUpgrade {
  name: string;
  run: (tx: Db) => Promise<unknown>;
}

/** In order; a name is never reused or renamed once released. */
export const DATA_UPGRADES: readonly DataUpgrade[] = [
  // Registrations from before attendees become orders of attendees (decision 021).
  { name: 'attendees-from-registrations', run: (tx) => splitLegacyRegistrations(tx) },
  // An attendee refunded before refunds were rows gets their refund (decision 022). Paid orders
  // without a payment row got theirs here too until migration 0031 (SQLite; 0028 PostgreSQL) wrote
  // them in SQL from the order's columns it dropped; orders the first upgrade makes get theirs from it.
  { name: 'payments-and-refunds-as-rows', run: (tx) => recordPastRefunds(tx) },
  // Orders not paid yet whose attendees are JSON (`orders.participant`) get their positions on hold
  // as rows, and the JSON is emptied (decision 040): a payment after the upgrade fulfils them.
  { name: 'positions-from-the-first-hold', run: (tx) => positionsForOpenOrders(tx) },
];

async function appliedUpgrades(tx: Db): Promise<string[]> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, DATA_UPGRADES_SETTING));
  return Array.isArray(row?.value) ? (row.value as string[]) : [];
}

/** Runs the upgrades this database has not had; the names it ran. */
export async function runDataUpgrades(database: Pick<Database, 'transaction'>, upgrades = DATA_UPGRADES): Promise<string[]> {
  const ran: string[] = [];
  for (const upgrade of upgrades) {
    const done = await database.transaction(async (tx) => {
      await lockKey(tx, 'data-upgrades');
      const applied = await appliedUpgrades(tx);
      if (applied.includes(upgrade.name)) return false;
      await upgrade.run(tx);
      const value = [...applied, upgrade.name];
      const updatedAt = new Date().toISOString();
      await tx
        .insert(settings)
        .values({ key: DATA_UPGRADES_SETTING, value, updatedAt })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } });
      return true;
    });
    if (done) ran.push(upgrade.name);
  }
  return ran;
}
