// Everything under /api/platform: the platform staff's own work (issue 41, decision 052; DESIGN.md
// section 3 "organisations"). Guarded here, once: signed in (401), a platform role (403 for an
// organisation's staff), and platform admin for changing an organisation's standing or creating one.
// A new route needs a row in src/routes/platform-access.test.ts, which fails for a route without one.
//   GET   /api/platform/organisations?status=applied|approved|suspended
//         → { organisations: [{ ..., status, createdAt, counts: { events, paidOrders, moneyTaken } }] }
//   POST  /api/platform/organisations  { organisation, admin: { fullName, email, password } } (admin)
//         → 201 { organisation }: approved, with its first admin; 409 slug or e-mail taken
//   GET   /api/platform/organisations/:id → { organisation } with its notes and admins
//   PATCH /api/platform/organisations/:id  { platformNotes?, trusted? } (admin) → { organisation }
//   POST  /api/platform/organisations/:id/approve (admin) → { organisation }; 409 already approved
//   POST  /api/platform/organisations/:id/suspend { reason } (admin) → { organisation }; 409 not approved
//   POST  /api/platform/organisations/:id/reinstate (admin) → { organisation }; 409 not suspended
//   GET   /api/platform/events?status=Submitted → { events }: the review queue, as buyers would see them
//   POST  /api/platform/events/:id/approve → { event }: the status its organiser asked for
//   POST  /api/platform/events/:id/reject { reason } → { event }: back to Draft
//   GET   /api/platform/staff → { staff }: everyone with a platform role (decision 058)
//   POST  /api/platform/staff { email, fullName, platformRole, password? } (admin) → 201 { member,
//         existingAccount }: an existing account keeps its password; 409 already platform staff
//   PATCH /api/platform/staff/:id { platformRole | null } (admin) → { member | null }; 409 the last platform admin
//   GET   /api/platform/accounts?email= → { accounts }: staff accounts whose e-mail contains the text (decision 061)
//   GET   /api/platform/accounts/:id → { account }: with its memberships
//   POST  /api/platform/accounts/:id/disable (admin) → { account }: the whole account off, its sessions
//         ended; 409 one's own account
//   POST  /api/platform/accounts/:id/enable (admin) → { account }
//   POST  /api/platform/accounts/:id/two-factor/reset (admin) → { account }: shared accounts included
// Every change is audited in its transaction under the organisation concerned, and the
// organisation's admins are e-mailed (with the reason for a suspension or a refusal).
import { Hono } from 'hono';
import { idParamSchema } from '../contract';
import {
  addPlatformStaffSchema,
  createOrganisationSchema,
  PLATFORM_ACCOUNT_MESSAGES,
  PLATFORM_STAFF_MESSAGES,
  platformAccountsQuerySchema,
  updatePlatformStaffSchema,
  ORGANISATION_MESSAGES,
  PLATFORM_MESSAGES,
  platformEventsQuerySchema,
  platformOrganisationsQuerySchema,
  reasonSchema,
  updateOrganisationSchema,
} from '../contract/platform';
import type { RouteDeps } from '../deps';
import { auditActor, requirePlatformStaff } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { validate } from '../http/validate';
import { changedFields, recordAudit } from '../services/audit';
import {
  approveOrganisation,
  approveSubmittedEvent,
  createOrganisation,
  eventNoticeItems,
  getOrganisation,
  listOrganisations,
  listSubmittedEvents,
  noticeToOrganisation,
  NotSubmittedError,
  OrganisationStateError,
  reinstateOrganisation,
  rejectSubmittedEvent,
  SlugTakenError,
  suspendOrganisation,
  updateOrganisation,
} from '../services/platform';
import {
  addPlatformStaff,
  AlreadyPlatformStaffError,
  LastPlatformAdminError,
  listPlatformStaff,
  PasswordNeededError,
  setPlatformRole,
} from '../services/platform-staff';
import {
  findAccounts,
  getAccount,
  OwnAccountError,
  resetAccountTwoFactor,
  setAccountDisabled,
} from '../services/platform-accounts';
import { CommonPasswordError, hashStaffPassword, StaffConflictError } from '../services/staff';

/** A service's refusal as its answer; anything else as it is. */
function refusal(error: unknown): never {
  if (error instanceof OrganisationStateError || error instanceof NotSubmittedError)
    throw new ApiError(409, 'conflict', error.message);
  if (error instanceof SlugTakenError) throw new ApiError(409, 'conflict', error.message, { 'organisation.slug': error.message });
  if (error instanceof StaffConflictError)
    throw new ApiError(409, 'conflict', PLATFORM_MESSAGES.adminEmailTaken, { 'admin.email': PLATFORM_MESSAGES.adminEmailTaken });
  if (error instanceof CommonPasswordError)
    throw new ApiError(400, 'validation_error', error.message, { 'admin.password': error.message });
  if (error instanceof AlreadyPlatformStaffError)
    throw new ApiError(409, 'conflict', PLATFORM_STAFF_MESSAGES.alreadyStaff, { email: PLATFORM_STAFF_MESSAGES.alreadyStaff });
  if (error instanceof PasswordNeededError)
    throw new ApiError(400, 'validation_error', PLATFORM_STAFF_MESSAGES.passwordForNewAccount, {
      password: PLATFORM_STAFF_MESSAGES.passwordForNewAccount,
    });
  if (error instanceof LastPlatformAdminError) throw new ApiError(409, 'conflict', PLATFORM_STAFF_MESSAGES.lastPlatformAdmin);
  if (error instanceof OwnAccountError) throw new ApiError(409, 'conflict', PLATFORM_ACCOUNT_MESSAGES.ownAccount);
  throw error;
}

/** Runs a service, mapping its refusals. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    refusal(error);
  }
}

export const platformRoutes = ({ db }: RouteDeps) => {
  const organisationNotFound = () => notFound(ORGANISATION_MESSAGES.notFound);
  const eventNotFound = () => notFound(PLATFORM_MESSAGES.eventNotFound);
  const audit = (c: Parameters<typeof auditActor>[0], organisationId: number) => ({ ...auditActor(c), organisationId });

  return (
    new Hono()
      .use(async (c, next) => {
        await next();
        c.header('Cache-Control', 'no-store');
      })
      // Platform staff only (401 signed out, 403 for an organisation's staff); both platform roles read
      // and review events; an organisation's standing and a new organisation are the platform admins'.
      .use(requirePlatformStaff())
      .use('/organisations', async (c, next) =>
        c.req.method === 'GET' ? next() : requirePlatformStaff(['platform_admin'])(c, next),
      )
      .use('/organisations/*', async (c, next) =>
        c.req.method === 'GET' ? next() : requirePlatformStaff(['platform_admin'])(c, next),
      )
      .use('/staff', async (c, next) => (c.req.method === 'GET' ? next() : requirePlatformStaff(['platform_admin'])(c, next)))
      .use('/staff/*', async (c, next) => (c.req.method === 'GET' ? next() : requirePlatformStaff(['platform_admin'])(c, next)))
      // A whole account (decision 061): both platform roles find and read; platform admins change it.
      .use('/accounts/*', async (c, next) =>
        c.req.method === 'GET' ? next() : requirePlatformStaff(['platform_admin'])(c, next),
      )
      .get('/organisations', validate('query', platformOrganisationsQuerySchema), async (c) => {
        const query = c.req.valid('query');
        return c.json({ organisations: await db.query((q) => listOrganisations(q, query)) }, 200);
      })
      .post('/organisations', validate('json', createOrganisationSchema), async (c) => {
        const { organisation: profile, admin } = c.req.valid('json');
        const actor = auditActor(c);
        const organisation = await answer(async () => {
          // Hashed before the transaction, which awaits nothing but the database.
          const passwordHash = await hashStaffPassword(admin.password);
          return db.transaction(async (tx) => {
            const { id, adminId } = await createOrganisation(tx, profile, { ...admin, passwordHash });
            await recordAudit(tx, {
              ...actor,
              organisationId: id,
              action: 'create',
              entity: 'organisation',
              entityId: id,
              detail: { slug: profile.slug, displayName: profile.displayName, status: 'approved', admin: admin.email, adminId },
            });
            return (await getOrganisation(tx, id))!;
          });
        });
        return c.json({ organisation }, 201);
      })
      .get('/organisations/:id', validate('param', idParamSchema), async (c) => {
        const { id } = c.req.valid('param');
        const organisation = await db.query((q) => getOrganisation(q, id));
        if (!organisation) throw organisationNotFound();
        return c.json({ organisation }, 200);
      })
      .patch('/organisations/:id', validate('param', idParamSchema), validate('json', updateOrganisationSchema), async (c) => {
        const { id } = c.req.valid('param');
        const change = c.req.valid('json');
        const organisation = await db.transaction(async (tx) => {
          const result = await updateOrganisation(tx, id, change);
          if (!result) throw organisationNotFound();
          await recordAudit(tx, {
            ...audit(c, id),
            action: 'update',
            entity: 'organisation',
            entityId: id,
            detail: {
              slug: result.after.slug,
              // The notes' text is the platform's: the entry says they changed, not what they say.
              changes: changedFields(
                {
                  trusted: result.before.trusted,
                  notesChanged: false,
                  commissionBasisPoints: result.before.commissionBasisPoints,
                },
                {
                  trusted: result.after.trusted,
                  notesChanged: result.before.platformNotes !== result.after.platformNotes,
                  commissionBasisPoints: result.after.commissionBasisPoints,
                },
              ),
            },
          });
          return (await getOrganisation(tx, id))!;
        });
        return c.json({ organisation }, 200);
      })
      .post('/organisations/:id/approve', validate('param', idParamSchema), async (c) => {
        const { id } = c.req.valid('param');
        const organisation = await answer(() =>
          db.transaction(async (tx) => {
            const result = await approveOrganisation(tx, id);
            if (!result) throw organisationNotFound();
            await recordAudit(tx, {
              ...audit(c, id),
              action: 'approve',
              entity: 'organisation',
              entityId: id,
              detail: { slug: result.after.slug, status: { from: result.before.status, to: result.after.status } },
            });
            await noticeToOrganisation(tx, id, 'organisationDecision', {
              subject: `${result.after.displayName} is approved`,
              title: 'Your organisation is approved',
              intro: `${result.after.displayName} can now publish events and sell tickets.`,
              items: [['Organisation', result.after.displayName]],
            });
            return (await getOrganisation(tx, id))!;
          }),
        );
        return c.json({ organisation }, 200);
      })
      .post('/organisations/:id/suspend', validate('param', idParamSchema), validate('json', reasonSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { reason } = c.req.valid('json');
        const organisation = await answer(() =>
          db.transaction(async (tx) => {
            const result = await suspendOrganisation(tx, id, reason);
            if (!result) throw organisationNotFound();
            await recordAudit(tx, {
              ...audit(c, id),
              action: 'suspend',
              entity: 'organisation',
              entityId: id,
              detail: { slug: result.after.slug, reason, status: { from: result.before.status, to: result.after.status } },
            });
            await noticeToOrganisation(tx, id, 'organisationDecision', {
              subject: `${result.after.displayName} is suspended`,
              title: 'Your organisation is suspended',
              intro: `${result.after.displayName}'s events are no longer listed or on sale. Tickets already sold stay valid: you can still check attendees in and refund them.`,
              items: [
                ['Organisation', result.after.displayName],
                ['Reason', reason],
              ],
            });
            return (await getOrganisation(tx, id))!;
          }),
        );
        return c.json({ organisation }, 200);
      })
      .post('/organisations/:id/reinstate', validate('param', idParamSchema), async (c) => {
        const { id } = c.req.valid('param');
        const organisation = await answer(() =>
          db.transaction(async (tx) => {
            const result = await reinstateOrganisation(tx, id);
            if (!result) throw organisationNotFound();
            await recordAudit(tx, {
              ...audit(c, id),
              action: 'reinstate',
              entity: 'organisation',
              entityId: id,
              detail: { slug: result.after.slug, status: { from: result.before.status, to: result.after.status } },
            });
            await noticeToOrganisation(tx, id, 'organisationDecision', {
              subject: `${result.after.displayName} is reinstated`,
              title: 'Your organisation is reinstated',
              intro: `${result.after.displayName}'s events are listed and on sale again.`,
              items: [['Organisation', result.after.displayName]],
            });
            return (await getOrganisation(tx, id))!;
          }),
        );
        return c.json({ organisation }, 200);
      })
      .get('/events', validate('query', platformEventsQuerySchema), async (c) =>
        c.json({ events: await db.query((q) => listSubmittedEvents(q)) }, 200),
      )
      .post('/events/:id/approve', validate('param', idParamSchema), async (c) => {
        const { id } = c.req.valid('param');
        const event = await answer(() =>
          db.transaction(async (tx) => {
            const result = await approveSubmittedEvent(tx, id);
            if (!result) throw eventNotFound();
            const { before, after } = result;
            await recordAudit(tx, {
              ...audit(c, before.organisationId),
              action: 'approve',
              entity: 'event',
              entityId: id,
              detail: { title: after.title, status: { from: 'Submitted', to: after.status } },
            });
            await noticeToOrganisation(tx, before.organisationId, 'eventReview', {
              subject: `Approved: ${after.title}`,
              title: 'Your event is approved',
              intro: `${after.title} is now ${after.status}.`,
              items: eventNoticeItems(after),
            });
            return after;
          }),
        );
        return c.json({ event }, 200);
      })
      .post('/events/:id/reject', validate('param', idParamSchema), validate('json', reasonSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { reason } = c.req.valid('json');
        const event = await answer(() =>
          db.transaction(async (tx) => {
            const result = await rejectSubmittedEvent(tx, id, reason);
            if (!result) throw eventNotFound();
            const { before, after } = result;
            await recordAudit(tx, {
              ...audit(c, before.organisationId),
              action: 'reject',
              entity: 'event',
              entityId: id,
              detail: { title: after.title, reason, asked: before.pendingStatus },
            });
            await noticeToOrganisation(tx, before.organisationId, 'eventReview', {
              subject: `Not approved: ${after.title}`,
              title: 'Your event was sent back',
              intro: `${after.title} was not approved and is back in Draft. Change it and submit it again.`,
              items: [...eventNoticeItems(after), ['Reason', reason]],
            });
            return after;
          }),
        );
        return c.json({ event }, 200);
      })
      .get('/staff', async (c) => c.json({ staff: await db.query((q) => listPlatformStaff(q)) }, 200))
      .post('/staff', validate('json', addPlatformStaffSchema), async (c) => {
        const { password, ...input } = c.req.valid('json');
        const result = await answer(async () => {
          // Hashed before the transaction; used only when no account has the e-mail.
          const passwordHash = password === undefined ? undefined : await hashStaffPassword(password);
          return db.transaction(async (tx) => {
            const added = await addPlatformStaff(tx, { ...input, passwordHash });
            await recordAudit(tx, {
              ...auditActor(c),
              organisationId: null,
              action: 'grant',
              entity: 'platform_staff',
              entityId: added.member.id,
              detail: {
                email: added.member.email,
                platformRole: added.member.platformRole,
                existingAccount: added.existingAccount,
              },
            });
            return added;
          });
        });
        return c.json(result, 201);
      })
      .patch('/staff/:id', validate('param', idParamSchema), validate('json', updatePlatformStaffSchema), async (c) => {
        const { id } = c.req.valid('param');
        const { platformRole } = c.req.valid('json');
        const member = await answer(() =>
          db.transaction(async (tx) => {
            const result = await setPlatformRole(tx, id, platformRole);
            if (!result) throw notFound(PLATFORM_STAFF_MESSAGES.notFound);
            await recordAudit(tx, {
              ...auditActor(c),
              organisationId: null,
              action: platformRole === null ? 'revoke' : 'update',
              entity: 'platform_staff',
              entityId: id,
              detail: { email: result.before.email, platformRole: { from: result.before.platformRole, to: platformRole } },
            });
            return result.after;
          }),
        );
        return c.json({ member }, 200);
      })
      .get('/accounts', validate('query', platformAccountsQuerySchema), async (c) => {
        const { email } = c.req.valid('query');
        return c.json({ accounts: await db.query((q) => findAccounts(q, email)) }, 200);
      })
      .get('/accounts/:id', validate('param', idParamSchema), async (c) => {
        const account = await db.query((q) => getAccount(q, c.req.valid('param').id));
        if (!account) throw notFound(PLATFORM_ACCOUNT_MESSAGES.notFound);
        return c.json({ account }, 200);
      })
      .post('/accounts/:id/disable', validate('param', idParamSchema), async (c) => switchAccount(c, true))
      .post('/accounts/:id/enable', validate('param', idParamSchema), async (c) => switchAccount(c, false))
      .post('/accounts/:id/two-factor/reset', validate('param', idParamSchema), async (c) => {
        const id = Number(c.req.param('id'));
        const account = await db.transaction(async (tx) => {
          const reset = await resetAccountTwoFactor(tx, id);
          if (!reset) throw notFound(PLATFORM_ACCOUNT_MESSAGES.notFound);
          await recordAudit(tx, {
            ...auditActor(c),
            organisationId: null,
            action: 'two_factor_reset',
            entity: 'staff_account',
            entityId: id,
            detail: { email: reset.before.email, wasEnrolled: reset.wasEnrolled, sessionsRevoked: true },
          });
          return (await getAccount(tx, id))!;
        });
        return c.json({ account }, 200);
      })
  );

  /** The whole account off or on, audited as the platform's own entry (no organisation). */
  async function switchAccount(c: Parameters<typeof auditActor>[0], disabled: boolean) {
    const id = Number(c.req.param('id'));
    const actor = auditActor(c);
    const account = await answer(() =>
      db.transaction(async (tx) => {
        const result = await setAccountDisabled(tx, actor.actorUserId, id, disabled);
        if (!result) throw notFound(PLATFORM_ACCOUNT_MESSAGES.notFound);
        if (result.changed) {
          await recordAudit(tx, {
            ...actor,
            organisationId: null,
            action: disabled ? 'disable' : 'enable',
            entity: 'staff_account',
            entityId: id,
            detail: { email: result.before.email, ...(disabled && { sessionsRevoked: true }) },
          });
        }
        return (await getAccount(tx, id))!;
      }),
    );
    return c.json({ account }, 200);
  }
};
