// Organisations for API tests (decision 051): the organisation test staff and test events belong to
// unless a test names another. On a seeded database it is the first (the demo's, which runs most
// demo events); on an empty one, an approved organisation made for the test.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, memberships, organisations, registrations, staffUsers } from '../db/schema';

export interface TestOrganisationInput {
  slug: string;
  displayName?: string;
  status?: 'applied' | 'approved' | 'suspended';
}

/** The first organisation, created (approved) when there is none. */
export async function testOrganisationId(db: Db): Promise<number> {
  const [first] = await db.select({ id: organisations.id }).from(organisations).orderBy(asc(organisations.id)).limit(1);
  if (first) return first.id;
  return createTestOrganisation(db, { slug: 'test-organiser' });
}

/** An organisation of the test's own (another organiser, for tenancy tests); the existing one when the slug is taken. */
export async function createTestOrganisation(db: Db, input: TestOrganisationInput): Promise<number> {
  const [existing] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, input.slug));
  if (existing) return existing.id;
  const [row] = await db
    .insert(organisations)
    .values({
      slug: input.slug,
      displayName: input.displayName ?? `Test ${input.slug}`,
      legalName: input.displayName ?? `Test ${input.slug}`,
      contactEmail: `${input.slug}@tdk.test`,
      state: '27',
      status: input.status ?? 'approved',
    })
    .returning({ id: organisations.id });
  return row!.id;
}

/** An organisation's GST registration for a test (decision 055): the seller its invoices print. */
export interface TestTaxIdentity {
  legalName: string;
  address: string;
  /** The GST state code. */
  state: string;
  gstin: string;
}

/** A registered seller in Maharashtra (a GSTIN whose check character is right). */
export const MAHARASHTRA_TAX: TestTaxIdentity = {
  legalName: 'Pune Striders Sports Foundation',
  address: '12 FC Road, Shivajinagar, Pune 411005',
  state: '27',
  gstin: '27AAPFU0939F1ZV',
};

/**
 * Sets an organisation's tax identity (its PAN the GSTIN's), or with null removes its GST
 * registration: its orders are then priced without GST and get receipts.
 */
export async function setOrganisationTax(db: Db, organisationId: number, tax: TestTaxIdentity | null): Promise<void> {
  await db
    .update(organisations)
    .set(
      tax
        ? { legalName: tax.legalName, address: tax.address, state: tax.state, gstin: tax.gstin, pan: tax.gstin.slice(2, 12) }
        : { gstin: null },
    )
    .where(eq(organisations.id, organisationId));
}

/** The test organisation's tax identity (testOrganisationId's), or null for none. */
export async function setTestTax(db: Db, tax: TestTaxIdentity | null): Promise<void> {
  await setOrganisationTax(db, await testOrganisationId(db), tax);
}

/** An organisation's own settings (decision 056) a test changes straight in the database. */
export type TestOrganisationSettings = Partial<
  Pick<
    typeof organisations.$inferInsert,
    | 'emailSenderName'
    | 'emailReplyTo'
    | 'brandColour'
    | 'emailNotifications'
    | 'userRegistrationAlerts'
    | 'newEventAlerts'
    | 'weeklyReports'
    | 'retentionDays'
  >
>;

/** Sets an organisation's settings (decision 056); the test organisation's without an id. */
export async function setOrganisationSettings(db: Db, values: TestOrganisationSettings, organisationId?: number): Promise<void> {
  const id = organisationId ?? (await testOrganisationId(db));
  await db.update(organisations).set(values).where(eq(organisations.id, id));
}

/** An admin of the organisation (its id and token version, for a signed session), or undefined. */
export async function organisationAdmin(db: Db, organisationId: number) {
  const [admin] = await db
    .select({ id: staffUsers.id, tokenVersion: staffUsers.tokenVersion })
    .from(staffUsers)
    .innerJoin(memberships, eq(memberships.staffUserId, staffUsers.id))
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.role, 'admin')))
    .limit(1);
  return admin;
}

/** How many registrations the organisation's events hold. */
export async function organisationRegistrationCount(db: Db, organisationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(events.organisationId, organisationId));
  return row!.n;
}
