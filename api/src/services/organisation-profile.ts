// An organisation's profile and tax identity (decision 055): the seller on its invoices and credit
// notes, the data fiduciary its buyers' privacy notice names. Its admins read and change it
// (GET/PUT /api/admin/organisation); checkout, quotes and invoices read its GST registration here.
import { eq, sql } from 'drizzle-orm';
import type { InvoiceSupplier } from '../contract';
import type { OrganisationProfileView, UpdateOrganisation } from '../contract/organisations';
import type { Db } from '../db/client';
import { events, organisations } from '../db/schema';
import { changedFields, recordAudit, type AuditEntryInput } from './audit';
import type { Supplier } from './pricing';

type OrganisationRow = typeof organisations.$inferSelect;

/** An organisation that does not exist (the acting one is always found: the session resolved it). */
export class OrganisationNotFound extends Error {
  override name = 'OrganisationNotFound';
}

/** The seller's GST registration as an invoice prints it; null without a GSTIN (receipts, no GST). */
export function invoiceSupplierOf(
  org: Pick<OrganisationRow, 'gstin' | 'state' | 'legalName' | 'address'> | undefined,
): InvoiceSupplier | null {
  if (!org?.gstin || !org.state || !org.legalName) return null;
  return { legalName: org.legalName, address: org.address, gstin: org.gstin, state: org.state };
}

/** The seller as pricing needs it: its GSTIN and state (intra- or inter-state supply); null charges no GST. */
export function supplierOf(org: Pick<OrganisationRow, 'gstin' | 'state' | 'legalName' | 'address'> | undefined): Supplier | null {
  const supplier = invoiceSupplierOf(org);
  return supplier ? { gstin: supplier.gstin, stateCode: supplier.state } : null;
}

/** The columns `supplierOf` reads, to select with another read (checkout's event) instead of a read of their own. */
export const supplierColumns = {
  legalName: organisations.legalName,
  address: organisations.address,
  state: organisations.state,
  gstin: organisations.gstin,
};

const sellerColumns = {
  id: organisations.id,
  legalName: organisations.legalName,
  displayName: organisations.displayName,
  address: organisations.address,
  state: organisations.state,
  gstin: organisations.gstin,
};
export type Seller = { id: number; legalName: string; displayName: string; address: string; state: string; gstin: string | null };

/** The organisation that runs the event and sells its tickets, or undefined for an event that does not exist. */
export async function sellerOfEvent(db: Db, eventId: number): Promise<Seller | undefined> {
  const [row] = await db
    .select(sellerColumns)
    .from(events)
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(eq(events.id, eventId));
  return row;
}

/** The organisation by id, as the seller (its tax identity). */
export async function sellerOf(db: Db, organisationId: number): Promise<Seller | undefined> {
  const [row] = await db.select(sellerColumns).from(organisations).where(eq(organisations.id, organisationId));
  return row;
}

const profileView = (row: OrganisationRow): OrganisationProfileView => ({
  id: row.id,
  slug: row.slug,
  displayName: row.displayName,
  legalName: row.legalName,
  state: row.state,
  address: row.address,
  pan: row.pan,
  gstin: row.gstin ?? '',
  contactEmail: row.contactEmail,
  contactPhone: row.contactPhone,
  about: row.about,
  status: row.status,
  emailSenderName: row.emailSenderName,
  emailReplyTo: row.emailReplyTo,
  brandColour: row.brandColour ?? '',
  emailNotifications: row.emailNotifications,
  userRegistrationAlerts: row.userRegistrationAlerts,
  newEventAlerts: row.newEventAlerts,
  weeklyReports: row.weeklyReports,
  retentionDays: row.retentionDays,
});

export async function readOrganisationProfile(db: Db, organisationId: number): Promise<OrganisationProfileView> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  if (!row) throw new OrganisationNotFound('Organisation not found');
  return profileView(row);
}

/**
 * The organisation's admins change its profile and tax identity and its settings (validated by
 * updateOrganisationBodySchema: the profile with any settings, or settings alone, decision 056). An empty GSTIN removes the registration: orders from then on
 * are priced without GST and get receipts; invoices already issued keep the seller they printed.
 * Audited with what changed, as the organisation's.
 */
export async function updateOrganisationProfile(
  tx: Db,
  organisationId: number,
  input: UpdateOrganisation,
  actor: Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>,
  now = new Date(),
): Promise<OrganisationProfileView> {
  const before = await readOrganisationProfile(tx, organisationId);
  const [row] = await tx
    .update(organisations)
    .set({
      // The profile when it was sent (a Settings section sends settings alone).
      ...('displayName' in input && {
        displayName: input.displayName,
        legalName: input.legalName,
        state: input.state,
        pan: input.pan,
        gstin: input.gstin ? input.gstin : null,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
        ...(input.address !== undefined && { address: input.address }),
        ...(input.about !== undefined && { about: input.about }),
      }),
      ...(input.emailSenderName !== undefined && { emailSenderName: input.emailSenderName }),
      ...(input.emailReplyTo !== undefined && { emailReplyTo: input.emailReplyTo }),
      ...(input.brandColour !== undefined && { brandColour: input.brandColour || null }),
      ...(input.emailNotifications !== undefined && { emailNotifications: input.emailNotifications }),
      ...(input.userRegistrationAlerts !== undefined && { userRegistrationAlerts: input.userRegistrationAlerts }),
      ...(input.newEventAlerts !== undefined && { newEventAlerts: input.newEventAlerts }),
      ...(input.weeklyReports !== undefined && { weeklyReports: input.weeklyReports }),
      ...(input.retentionDays !== undefined && { retentionDays: input.retentionDays }),
      updatedAt: now.toISOString(),
    })
    .where(eq(organisations.id, organisationId))
    .returning();
  const after = profileView(row!);
  // The privacy notice states the organisation's retention period: a new period is a new version of
  // the organisation's part of the notice, which its buyers' consents from then on record; other
  // organisers' buyers are not asked again (decisions 030, 056, 061).
  if (after.retentionDays !== before.retentionDays) {
    await tx
      .update(organisations)
      .set({ noticeVersion: sql`${organisations.noticeVersion} + 1` })
      .where(eq(organisations.id, organisationId));
  }
  await recordAudit(tx, {
    ...actor,
    organisationId,
    action: 'update',
    entity: 'organisation',
    entityId: organisationId,
    detail: { changes: changedFields(before, after) },
  });
  return after;
}
