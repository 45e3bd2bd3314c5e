// A staff read of personal or tax data in bulk (issue 40): the invoices list and its export, an
// invoice's PDF, the promo-code export, a waiting list. Each writes one audit entry (who, what, the
// filters), in a transaction of its own, as the registrations export and an order's view do.
import type { Context } from 'hono';
import type { Database } from '../db/client';
import { recordAudit, type AuditEntryInput } from '../services/audit';
import { auditActor } from './auth';

export function auditRead(
  deps: { db: Database },
  c: Context,
  entry: Pick<AuditEntryInput, 'action' | 'entity' | 'entityId' | 'detail'>,
): Promise<void> {
  return deps.db.transaction((tx) => recordAudit(tx, { ...auditActor(c), ...entry }));
}
