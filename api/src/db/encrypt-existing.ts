// Seals personal data written before decision 030 (plaintext medical conditions, emergency and
// guardian contacts, blood groups, unpaid orders' attendees and staff TOTP secrets): run by
// prepareDatabase at every start, after the migrations, in batches. A row already sealed is left
// alone, so a second start (or a second instance) finds nothing to do. Reading through the schema
// unseals a plaintext value as it is, and writing it back seals it.
import { and, eq, isNotNull, or, sql, type Column } from 'drizzle-orm';
import type { Db } from './client';
import { orders, registrations, staffUsers } from './schema';

const SEALED = 'enc:v1:%';
const BATCH = 500;

/** Raw SQL on purpose: a comparison through the column would seal its operand first. */
const plain = (column: Column) => sql`(${column} <> '' AND ${column} NOT LIKE ${SEALED})`;

/** How many rows it sealed, by table. */
export async function encryptExistingRows(db: Db): Promise<{ registrations: number; orders: number; staffUsers: number }> {
  const done = { registrations: 0, orders: 0, staffUsers: 0 };
  for (;;) {
    const rows = await db
      .select({
        id: registrations.id,
        emergencyContactName: registrations.emergencyContactName,
        emergencyContactPhone: registrations.emergencyContactPhone,
        medicalConditions: registrations.medicalConditions,
        bloodGroup: registrations.bloodGroup,
        guardianName: registrations.guardianName,
        guardianPhone: registrations.guardianPhone,
      })
      .from(registrations)
      .where(
        or(
          plain(registrations.emergencyContactName),
          plain(registrations.emergencyContactPhone),
          plain(registrations.medicalConditions),
          plain(registrations.bloodGroup),
          plain(registrations.guardianName),
          plain(registrations.guardianPhone),
        ),
      )
      .limit(BATCH);
    if (rows.length === 0) break;
    for (const { id, ...values } of rows) await db.update(registrations).set(values).where(eq(registrations.id, id));
    done.registrations += rows.length;
  }
  for (;;) {
    // CAST makes the test the same on SQLite's text and PostgreSQL's jsonb.
    const rows = await db
      .select({ id: orders.id, participant: orders.participant })
      .from(orders)
      .where(sql`CAST(${orders.participant} AS text) NOT LIKE ${'%"sealed"%enc:v1:%'}`)
      .limit(BATCH);
    if (rows.length === 0) break;
    for (const row of rows) await db.update(orders).set({ participant: row.participant }).where(eq(orders.id, row.id));
    done.orders += rows.length;
  }
  const secrets = await db
    .select({ id: staffUsers.id, twoFactorSecret: staffUsers.twoFactorSecret })
    .from(staffUsers)
    .where(and(isNotNull(staffUsers.twoFactorSecret), plain(staffUsers.twoFactorSecret)));
  for (const row of secrets) {
    await db.update(staffUsers).set({ twoFactorSecret: row.twoFactorSecret }).where(eq(staffUsers.id, row.id));
  }
  done.staffUsers = secrets.length;
  return done;
}
