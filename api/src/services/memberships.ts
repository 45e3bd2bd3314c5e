// Which organisation a staff account acts in, and with what role (decision 051). A staff account is
// a member of one or more organisations with a role in each (memberships); platform staff also see
// every organisation, acting there with PLATFORM_STAFF_ORGANISATION_ROLE where they are no member.
// The session names the organisation chosen at sign-in or switched to; this resolves it afresh on
// every request, so a membership removed or an organisation gone takes effect at once.
import { and, asc, eq } from 'drizzle-orm';
import {
  PLATFORM_STAFF_ORGANISATION_ROLE,
  type CurrentOrganisation,
  type MemberOrganisation,
  type PlatformRole,
} from '../contract/organisations';
import type { Role } from '../contract';
import type { Db } from '../db/client';
import { memberships, organisations } from '../db/schema';

const organisationColumns = {
  id: organisations.id,
  slug: organisations.slug,
  displayName: organisations.displayName,
  status: organisations.status,
};

/**
 * The organisations an account may act in as a member, with its role in each, oldest membership's
 * organisation first. A disabled membership (decision 057) is left out: the account cannot act there,
 * and a session acting there moves to the first one left, as for a removed membership.
 */
export async function membershipsOf(db: Db, staffUserId: number): Promise<MemberOrganisation[]> {
  return db
    .select({ ...organisationColumns, role: memberships.role })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(and(eq(memberships.staffUserId, staffUserId), eq(memberships.disabled, false)))
    .orderBy(asc(organisations.id));
}

export interface ActingAs {
  organisation: CurrentOrganisation;
  role: Role;
}

/**
 * The organisation the account acts in: the one asked for when it may act there (a member of it, or
 * platform staff), else its first membership, else (platform staff) the first organisation; null
 * when it belongs to none.
 */
export async function resolveActingAs(
  db: Db,
  user: { id: number; platformRole: PlatformRole | null },
  wanted: number | null | undefined,
): Promise<{ acting: ActingAs | null; memberOf: MemberOrganisation[] }> {
  const memberOf = await membershipsOf(db, user.id);
  const member = (m: MemberOrganisation): ActingAs => ({
    organisation: { id: m.id, slug: m.slug, displayName: m.displayName, status: m.status },
    role: m.role,
  });
  const asked = wanted == null ? undefined : memberOf.find((m) => m.id === wanted);
  if (asked) return { acting: member(asked), memberOf };
  if (user.platformRole) {
    const [organisation] = await db
      .select(organisationColumns)
      .from(organisations)
      .where(eq(organisations.id, wanted ?? memberOf[0]?.id ?? 0))
      .limit(1);
    const found =
      organisation ?? (await db.select(organisationColumns).from(organisations).orderBy(asc(organisations.id)).limit(1))[0];
    if (found) {
      const own = memberOf.find((m) => m.id === found.id);
      return { acting: { organisation: found, role: own?.role ?? PLATFORM_STAFF_ORGANISATION_ROLE }, memberOf };
    }
    return { acting: null, memberOf };
  }
  return { acting: memberOf[0] ? member(memberOf[0]) : null, memberOf };
}

/** Whether the account may act in that organisation (member, or platform staff and it exists). */
export async function mayActIn(db: Db, user: { id: number; platformRole: PlatformRole | null }, organisationId: number) {
  const { acting } = await resolveActingAs(db, user, organisationId);
  return acting?.organisation.id === organisationId;
}

/**
 * Whether every membership of the account is disabled (it has at least one): with no platform role
 * it can act nowhere, and sign-in refuses it as a disabled account, as before decision 057.
 */
export async function onlyDisabledMemberships(db: Db, staffUserId: number): Promise<boolean> {
  const rows = await db
    .select({ disabled: memberships.disabled })
    .from(memberships)
    .where(eq(memberships.staffUserId, staffUserId));
  return rows.length > 0 && rows.every((r) => r.disabled);
}
