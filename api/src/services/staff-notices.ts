// E-mails to staff that the Settings switch on and off (issue 12): New Event Alerts to the
// administrators, and Login Notifications to the member who just signed in.
import { and, asc, eq } from 'drizzle-orm';
import type { SportEvent } from '../contract';
import type { Db } from '../db/client';
import { memberships, organisations, staffUsers } from '../db/schema';
import { EMAIL_KINDS, enqueueStaffEmail } from '../mail/outbox';
import { formatEventDate, formatEventTime, staffNotice } from '../mail/templates';
import { formatIndiaTime } from './india-time';
import { readSettings } from './settings';

/** An organisation's active administrators' addresses, or with 'platform' the platform admins' (decision 051). */
export async function administratorAddresses(db: Db, of: number | 'platform'): Promise<string[]> {
  const rows =
    of === 'platform'
      ? await db
          .select({ email: staffUsers.email })
          .from(staffUsers)
          .where(and(eq(staffUsers.platformRole, 'platform_admin'), eq(staffUsers.disabled, false)))
          .orderBy(asc(staffUsers.id))
      : await db
          .select({ email: staffUsers.email })
          .from(memberships)
          .innerJoin(staffUsers, eq(staffUsers.id, memberships.staffUserId))
          .where(
            and(
              eq(memberships.organisationId, of),
              eq(memberships.role, 'admin'),
              eq(memberships.disabled, false),
              eq(staffUsers.disabled, false),
            ),
          )
          .orderBy(asc(staffUsers.id));
  return rows.map((r) => r.email);
}

/** New Event Alerts: the administrators hear of an event as it is created (in its transaction). */
export async function notifyNewEvent(tx: Db, event: SportEvent, createdBy: string, now = new Date()): Promise<number | null> {
  // The event's organisation's switch (decision 056): its administrators hear of its events.
  const [organisation] = await tx
    .select({ newEventAlerts: organisations.newEventAlerts })
    .from(organisations)
    .where(eq(organisations.id, event.organisationId));
  if (!organisation?.newEventAlerts) return null;
  const settings = await readSettings(tx);
  const email = staffNotice(
    {
      subject: `New event: ${event.title}`,
      title: 'New event created',
      intro: `${createdBy} created an event.`,
      items: [
        ['Event', event.title],
        ['Category', event.category],
        ['Date', formatEventDate(event.date)],
        ['Time', formatEventTime(event.time)],
        ['Venue', event.venue],
        ['Status', event.status],
      ],
    },
    settings.platformName,
  );
  return enqueueStaffEmail(tx, EMAIL_KINDS.newEvent, await administratorAddresses(tx, event.organisationId), email, now);
}

/** Login Notifications: a staff member hears of each sign-in to their account, with time and address. */
export async function notifyLogin(
  tx: Db,
  user: { email: string; fullName: string },
  ip: string | null,
  now = new Date(),
): Promise<number | null> {
  const settings = await readSettings(tx);
  if (!settings.loginNotifications) return null;
  const email = staffNotice(
    {
      subject: 'New sign-in to your account',
      title: 'New sign-in',
      intro: `Hi ${user.fullName}, your staff account was just signed in to. If this was not you, ask an administrator to reset your password.`,
      items: [
        ['Account', user.email],
        ['Time', `${formatIndiaTime(now.toISOString())} ${now.getUTCFullYear()} (India time)`],
        ['Address', ip ?? 'unknown'],
      ],
    },
    settings.platformName,
  );
  return enqueueStaffEmail(tx, EMAIL_KINDS.login, [user.email], email, now);
}
