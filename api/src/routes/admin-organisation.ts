// The acting organisation's profile and tax identity (decision 055), its admins' (the guard is in admin.ts):
//   GET /api/admin/organisation → { organisation }
//   PUT /api/admin/organisation  { displayName, legalName, state, pan, gstin?, contactEmail, contactPhone, address?, about? }
//                                → { organisation }; audited with what changed. The slug is not changed here.
//   Its settings (decision 056) ride along, optional: emailSenderName, emailReplyTo, brandColour,
//   emailNotifications, userRegistrationAlerts, newEventAlerts, weeklyReports, retentionDays; a body
//   of settings alone changes only them (a Settings section).
import { Hono } from 'hono';
import { updateOrganisationBodySchema, type OrganisationProfileResponse } from '../contract/organisations';
import type { RouteDeps } from '../deps';
import { auditActor, organisationOf } from '../http/auth';
import { validate } from '../http/validate';
import { readOrganisationProfile, updateOrganisationProfile } from '../services/organisation-profile';

export const adminOrganisationRoutes = ({ db }: RouteDeps) =>
  new Hono()
    .get('/', async (c) => {
      const body: OrganisationProfileResponse = {
        organisation: await db.query((q) => readOrganisationProfile(q, organisationOf(c))),
      };
      return c.json(body, 200);
    })
    .put('/', validate('json', updateOrganisationBodySchema), async (c) => {
      const actor = auditActor(c);
      const organisation = await db.transaction((tx) =>
        updateOrganisationProfile(tx, organisationOf(c), c.req.valid('json'), actor),
      );
      const body: OrganisationProfileResponse = { organisation };
      return c.json(body, 200);
    });
