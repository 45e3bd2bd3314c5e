// Staff accounts (admin only; the guard is in admin.ts):
//   GET   /api/admin/users        → { users: StaffAccount[] }
//   POST  /api/admin/users        { email, fullName, role, password } → 201 { user }; 409 e-mail taken
//   PATCH /api/admin/users/:id    { role?, disabled?, password?, fullName? } → { user };
//                                 409 when it would leave no enabled admin
//   POST  /api/admin/users/:id/two-factor/reset → { user }: the member enrols again at their next
//                                 sign-in, every session of theirs revoked (issue 28); 404 unknown
// Every change is audited, without the password.
import { Hono } from 'hono';
import { createStaffSchema, idParamSchema, updateStaffSchema } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { changedFields, recordAudit } from '../services/audit';
import { resetStaffTwoFactor } from '../services/auth';
import {
  CommonPasswordError,
  createStaffAccount,
  hashStaffPassword,
  listStaffAccounts,
  StaffConflictError,
  updateStaffAccount,
} from '../services/staff';

/** A refusal of the service as its answer: 409 for a conflict, 400 on the password field. */
function refusal(error: unknown, conflictFields?: Record<string, string>): never {
  if (error instanceof StaffConflictError) throw new ApiError(409, 'conflict', error.message, conflictFields);
  if (error instanceof CommonPasswordError)
    throw new ApiError(400, 'validation_error', error.message, { password: error.message });
  throw error;
}

export const adminUserRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/', async (c) => c.json({ users: await db.query((tx) => listStaffAccounts(tx, organisationOf(c))) }, 200))
    .post('/', validate('json', createStaffSchema), async (c) => {
      const { password, ...input } = c.req.valid('json');
      const actor = auditActor(c);
      try {
        // Hashed before the transaction, which awaits nothing but the database.
        const passwordHash = await hashStaffPassword(password);
        const user = await db.transaction(async (tx) => {
          const user = await createStaffAccount(tx, organisationOf(c), { ...input, passwordHash });
          await recordAudit(tx, {
            ...actor,
            action: 'create',
            entity: 'staff_user',
            entityId: user.id,
            detail: { email: user.email, fullName: user.fullName, role: user.role },
          });
          return user;
        });
        return c.json({ user }, 201);
      } catch (error) {
        refusal(error, { email: 'A staff account with this email already exists' });
      }
    })
    .patch('/:id', validate('param', idParamSchema), validate('json', updateStaffSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { password, ...change } = c.req.valid('json');
      const actor = auditActor(c);
      let result;
      try {
        const passwordHash = password === undefined ? undefined : await hashStaffPassword(password);
        result = await db.transaction(async (tx) => {
          const result = await updateStaffAccount(tx, organisationOf(c), id, { ...change, passwordHash });
          if (!result) return undefined;
          const { before, after, revoked } = result;
          await recordAudit(tx, {
            ...actor,
            action: 'update',
            entity: 'staff_user',
            entityId: id,
            detail: {
              email: after.email,
              changes: changedFields(before, after, ['role', 'disabled', 'fullName']),
              ...(password !== undefined && { passwordReset: true }),
              ...(revoked && { sessionsRevoked: true }),
            },
          });
          return result;
        });
      } catch (error) {
        refusal(error);
      }
      if (!result) throw notFound('Staff user not found');
      return c.json({ user: result.after }, 200);
    })
    .post('/:id/two-factor/reset', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      const user = await db.transaction((tx) => resetStaffTwoFactor(tx, organisationOf(c), id, actor));
      if (!user) throw notFound('Staff user not found');
      return c.json({ user }, 200);
    });
