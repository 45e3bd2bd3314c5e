// An organisation's API tokens (issue 45, decision 062). A token is `tdk_<prefix>_<secret>`: the
// prefix (8 characters) is shown in the console to tell tokens apart; only the SHA-256 of the whole
// token is stored, so a database leak opens nothing. Created, listed and revoked by the
// organisation's admins (routes/admin-api-tokens.ts); presented as a bearer token on /api/v1
// (http/api-token.ts), which looks it up by its hash.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { apiTokenStatus, type ApiTokenScope, type ApiTokenView } from '../contract/api-tokens';
import type { Db } from '../db/client';
import { apiTokens, staffUsers } from '../db/schema';
import { recordAudit, type AuditEntryInput } from './audit';

export const API_TOKEN_PREFIX = 'tdk_';

/** The SHA-256 of a token, as stored and looked up (hex). */
export const hashApiToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new token and its parts: 8 visible characters, 32 random bytes of secret (base64url). */
export function newApiTokenSecret(): { token: string; prefix: string } {
  const visible = randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, 8);
  const prefix = `${API_TOKEN_PREFIX}${visible}`;
  return { token: `${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

/** A day typed in the console (YYYY-MM-DD) ends at India's midnight; an ISO time is taken as it is. */
export function expiryInstant(value: string): string {
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T23:59:59.999+05:30`) : Date.parse(value);
  return new Date(instant).toISOString();
}

/** The service's refusals, which routes map to the error shape. */
export class ApiTokenRefusal extends Error {
  constructor(
    message: string,
    readonly field?: 'name' | 'scopes' | 'expiresAt',
  ) {
    super(message);
    this.name = 'ApiTokenRefusal';
  }
}

export class ApiTokenNotFound extends Error {
  constructor() {
    super('API token not found');
    this.name = 'ApiTokenNotFound';
  }
}

type Actor = Pick<AuditEntryInput, 'actorUserId' | 'actorEmail' | 'ip'>;

const viewColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  createdBy: staffUsers.email,
  expiresAt: apiTokens.expiresAt,
  revokedAt: apiTokens.revokedAt,
  lastUsedAt: apiTokens.lastUsedAt,
  lastUsedIp: apiTokens.lastUsedIp,
};

type ViewRow = Omit<ApiTokenView, 'status'>;
const toView = (row: ViewRow, now = Date.now()): ApiTokenView => ({ ...row, status: apiTokenStatus(row, now) });

/** The organisation's tokens, newest first. */
export async function listApiTokens(db: Db, organisationId: number): Promise<ApiTokenView[]> {
  const rows = await db
    .select(viewColumns)
    .from(apiTokens)
    .leftJoin(staffUsers, eq(staffUsers.id, apiTokens.createdByUserId))
    .where(eq(apiTokens.organisationId, organisationId))
    .orderBy(desc(apiTokens.id));
  return rows.map((row) => toView(row));
}

async function viewOf(db: Db, organisationId: number, id: number): Promise<ApiTokenView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(apiTokens)
    .leftJoin(staffUsers, eq(staffUsers.id, apiTokens.createdByUserId))
    .where(and(eq(apiTokens.id, id), eq(apiTokens.organisationId, organisationId)));
  return row && toView(row);
}

/** Creates a token, audited in the transaction; the answer holds the secret, which nothing keeps. */
export async function createApiToken(
  tx: Db,
  organisationId: number,
  input: { name: string; scopes: ApiTokenScope[]; expiresAt?: string },
  actor: Actor,
  now = new Date(),
): Promise<{ id: number; token: string; apiToken: ApiTokenView }> {
  const expiresAt = input.expiresAt === undefined ? null : expiryInstant(input.expiresAt);
  if (expiresAt !== null && Date.parse(expiresAt) <= now.getTime())
    throw new ApiTokenRefusal('The expiry must be in the future', 'expiresAt');
  const { token, prefix } = newApiTokenSecret();
  const [row] = await tx
    .insert(apiTokens)
    .values({
      organisationId,
      name: input.name,
      scopes: input.scopes,
      tokenHash: hashApiToken(token),
      prefix,
      expiresAt,
      createdByUserId: actor.actorUserId,
      createdAt: now.toISOString(),
    })
    .returning({ id: apiTokens.id });
  await recordAudit(tx, {
    ...actor,
    organisationId,
    action: 'create',
    entity: 'api_token',
    entityId: row!.id,
    detail: { name: input.name, scopes: input.scopes, prefix, expiresAt },
  });
  return { id: row!.id, token, apiToken: (await viewOf(tx, organisationId, row!.id))! };
}

/** Revokes the organisation's token (again: no change); another organisation's answers ApiTokenNotFound. */
export async function revokeApiToken(
  tx: Db,
  organisationId: number,
  id: number,
  actor: Actor,
  now = new Date(),
): Promise<ApiTokenView> {
  const revoked = await tx
    .update(apiTokens)
    .set({ revokedAt: now.toISOString() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.organisationId, organisationId), sql`${apiTokens.revokedAt} is null`))
    .returning({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix });
  const view = await viewOf(tx, organisationId, id);
  if (!view) throw new ApiTokenNotFound();
  if (revoked.length > 0)
    await recordAudit(tx, {
      ...actor,
      organisationId,
      action: 'revoke',
      entity: 'api_token',
      entityId: id,
      detail: { name: view.name, prefix: view.prefix },
    });
  return view;
}

/** What a presented token opens: its organisation and scopes, when it is known, unrevoked and unexpired. */
export interface ApiTokenPrincipal {
  id: number;
  organisationId: number;
  name: string;
  prefix: string;
  scopes: ApiTokenScope[];
}

/** The token's principal, or undefined for an unknown, revoked or expired one (the caller says 401 to all three). */
export async function principalOfToken(db: Db, token: string, now = Date.now()): Promise<ApiTokenPrincipal | undefined> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return undefined;
  const [row] = await db
    .select({
      id: apiTokens.id,
      organisationId: apiTokens.organisationId,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, hashApiToken(token)));
  if (!row || apiTokenStatus(row, now) !== 'active') return undefined;
  return { id: row.id, organisationId: row.organisationId, name: row.name, prefix: row.prefix, scopes: row.scopes };
}

/** Marks the token used now from this address (one UPDATE by its key). */
export async function markApiTokenUsed(tx: Db, id: number, ip: string, now = new Date()): Promise<void> {
  await tx.update(apiTokens).set({ lastUsedAt: now.toISOString(), lastUsedIp: ip }).where(eq(apiTokens.id, id));
}
