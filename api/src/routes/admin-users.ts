// Staff accounts (admin only; the guard is in admin.ts):
//   GET   /api/admin/users        → { users: StaffAccount[] }
//   POST  /api/admin/users        { email, fullName, role, password } → 201 { user }; 409 e-mail taken
//   PATCH /api/admin/users/:id    { role?, disabled?, password?, fullName? } → { user };
//                                 409 when it would leave no enabled admin
// Every change is audited, without the password.
import { Hono } from 'hono';
import { createStaffSchema, idParamSchema, updateStaffSchema } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { changedFields, recordAudit } from '../services/audit';
import {
  CommonPasswordError,
  createStaffAccount,
  listStaffAccounts,
  StaffConflictError,
  updateStaffAccount,
} from '../services/staff';

export const adminUserRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/', (c) => c.json({ users: listStaffAccounts(db) }, 200))
    .post('/', validate('json', createStaffSchema), async (c) => {
      const input = c.req.valid('json');
      try {
        const user = await createStaffAccount(db, input);
        recordAudit(db, {
          ...auditActor(c),
          action: 'create',
          entity: 'staff_user',
          entityId: user.id,
          detail: { email: user.email, fullName: user.fullName, role: user.role },
        });
        return c.json({ user }, 201);
      } catch (error) {
        if (error instanceof StaffConflictError) {
          throw new ApiError(409, 'conflict', error.message, { email: 'A staff account with this email already exists' });
        }
        if (error instanceof CommonPasswordError)
          throw new ApiError(400, 'validation_error', error.message, { password: error.message });
        throw error;
      }
    })
    .patch('/:id', validate('param', idParamSchema), validate('json', updateStaffSchema), async (c) => {
      const { id } = c.req.valid('param');
      const change = c.req.valid('json');
      let result;
      try {
        result = await updateStaffAccount(db, id, change);
      } catch (error) {
        if (error instanceof StaffConflictError) throw new ApiError(409, 'conflict', error.message);
        if (error instanceof CommonPasswordError)
          throw new ApiError(400, 'validation_error', error.message, { password: error.message });
        throw error;
      }
      if (!result) throw notFound('Staff user not found');
      const { before, after, revoked } = result;
      const changes = changedFields(before, after, ['role', 'disabled', 'fullName']);
      recordAudit(db, {
        ...auditActor(c),
        action: 'update',
        entity: 'staff_user',
        entityId: id,
        detail: {
          email: after.email,
          changes,
          ...(change.password !== undefined && { passwordReset: true }),
          ...(revoked && { sessionsRevoked: true }),
        },
      });
      return c.json({ user: after }, 200);
    });
