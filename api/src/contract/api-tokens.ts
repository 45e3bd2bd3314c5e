// An organisation's API tokens for /api/v1 (issue 45, decision 062): the console's form and the
// admin routes validate with these schemas, and the answers have these shapes.
//   GET    /api/admin/api-tokens      → { tokens: ApiTokenView[] }
//   POST   /api/admin/api-tokens      { name, scopes, expiresAt? } → 201 { id, token, apiToken } (the secret, once)
//   DELETE /api/admin/api-tokens/:id  → { apiToken } (revoked)
import { z } from 'zod';
import { plainText } from './registration';

/** read: every GET of /api/v1; write: changes (an attendee's details); check-in: admit at a gate. */
export const API_TOKEN_SCOPES = ['read', 'write', 'check-in'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  scopesRequired: 'Choose at least one scope',
  expiryInPast: 'The expiry must be in the future',
  expiryInvalid: 'Enter a valid date',
  notFound: 'API token not found',
  shownOnce: 'Copy this token now: you will not see it again.',
} as const;

/** A day (India) or an ISO time; empty means the token does not expire. */
const expirySchema = z
  .string()
  .trim()
  .max(40, API_TOKEN_MESSAGES.expiryInvalid)
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || !Number.isNaN(Date.parse(value)), API_TOKEN_MESSAGES.expiryInvalid);

/** POST /api/admin/api-tokens; the console's "Create API token" form. */
export const createApiTokenSchema = z.object({
  name: plainText(API_TOKEN_MESSAGES.nameRequired)
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(100, API_TOKEN_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: `Scopes are ${API_TOKEN_SCOPES.join(', ')}` }), {
      error: API_TOKEN_MESSAGES.scopesRequired,
    })
    .min(1, API_TOKEN_MESSAGES.scopesRequired)
    .transform((scopes) => API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
  expiresAt: expirySchema,
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

export type ApiTokenStatus = 'active' | 'expired' | 'revoked';

/** A token as the console lists it: never its secret or hash. */
export interface ApiTokenView {
  id: number;
  name: string;
  scopes: ApiTokenScope[];
  /** The first characters of the token, to tell tokens apart (`tdk_ab12cd34`). */
  prefix: string;
  createdAt: string;
  createdBy: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  status: ApiTokenStatus;
}

export interface CreatedApiToken {
  id: number;
  /** The whole secret: shown once, never again. */
  token: string;
  apiToken: ApiTokenView;
}

/** A token's state at a time. */
export function apiTokenStatus(token: { expiresAt: string | null; revokedAt: string | null }, now = Date.now()): ApiTokenStatus {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return 'expired';
  return 'active';
}
