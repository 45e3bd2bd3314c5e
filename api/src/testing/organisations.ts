// Organisations for API tests (decision 051): the organisation test staff and test events belong to
// unless a test names another. On a seeded database it is the first (the demo's, which runs most
// demo events); on an empty one, an approved organisation made for the test.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organisations } from '../db/schema';

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
