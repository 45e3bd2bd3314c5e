// Staff members of the acting organisation (admin only; the guard is in admin.ts; decision 057):
//   GET    /api/admin/users        → { users: StaffAccount[] } (`sharedAccount`, `disabled` the membership's)
//   POST   /api/admin/users        { email, fullName, role, password? } → 201 { user, existingAccount, message? }:
//                                  an e-mail that already has an account adds that account, its
//                                  password untouched (the password is needed for a new one only);
//                                  409 already a member here
//   PATCH  /api/admin/users/:id    { role?, disabled?, password?, fullName? } → { user }; 409 when it
//                                  would leave no enabled admin, or a name or password of a shared account
//   DELETE /api/admin/users/:id    → { removed, accountDisabled }: "Remove from organisation"; 409 the last admin
//   POST   /api/admin/users/:id/two-factor/reset → { user }: the member enrols again at their next
//                                  sign-in, every session of theirs revoked (issue 28); 409 a shared account
// Another organisation's member answers 404. Every change is audited, without the password.
import { Hono } from 'hono';
import { addStaffSchema, idParamSchema, STAFF_MESSAGES, updateStaffSchema } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { changedFields, recordAudit } from '../services/audit';
import { resetStaffTwoFactor } from '../services/auth';
import { readSettings } from '../services/settings';
import {
  addStaffMember,
  CommonPasswordError,
  hashStaffPassword,
  listStaffAccounts,
  PasswordRequiredError,
  removeStaffMember,
  StaffConflictError,
  updateStaffAccount,
} from '../services/staff';

/** A refusal of the service as its answer: 409 for a conflict, 400 on the password field. */
function refusal(error: unknown, conflictFields?: Record<string, string>): never {
  if (error instanceof StaffConflictError) throw new ApiError(409, 'conflict', error.message, conflictFields);
  if (error instanceof CommonPasswordError || error instanceof PasswordRequiredError)
    throw new ApiError(400, 'validation_error', error.message, { password: error.message });
  throw error;
}

export const adminUserRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/', async (c) => c.json({ users: await db.query((tx) => listStaffAccounts(tx, organisationOf(c))) }, 200))
    .post('/', validate('json', addStaffSchema), async (c) => {
      const { password, ...input } = c.req.valid('json');
      const actor = auditActor(c);
      try {
        // Hashed before the transaction, which awaits nothing but the database (unused when the
        // e-mail already has an account: its own password stays).
        const passwordHash = password === undefined ? undefined : await hashStaffPassword(password);
        const { added, platformName } = await db.transaction(async (tx) => ({
          added: await addStaffMember(tx, organisationOf(c), { ...input, passwordHash }, actor),
          platformName: (await readSettings(tx)).platformName,
        }));
        const { user, existingAccount } = added;
        return c.json(
          {
            user,
            existingAccount,
            ...(existingAccount && { message: STAFF_MESSAGES.existingAccount(user.email, platformName) }),
          },
          201,
        );
      } catch (error) {
        refusal(error, { email: error instanceof Error ? error.message : 'A staff account with this email already exists' });
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
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      let result;
      try {
        result = await db.transaction((tx) => removeStaffMember(tx, organisationOf(c), id, actor));
      } catch (error) {
        refusal(error);
      }
      if (!result) throw notFound('Staff user not found');
      return c.json(result, 200);
    })
    .post('/:id/two-factor/reset', validate('param', idParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      let user;
      try {
        user = await db.transaction((tx) => resetStaffTwoFactor(tx, organisationOf(c), id, actor));
      } catch (error) {
        refusal(error);
      }
      if (!user) throw notFound('Staff user not found');
      return c.json({ user }, 200);
    });
