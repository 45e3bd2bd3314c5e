// SQLite migration 0038 (decision 056): every organisation takes the platform's Email
// Notifications, staff alerts, Weekly Reports and retention period as they were, and the settings
// lose those keys (one owner per fact).
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, sqliteDatabaseBefore } from '../testing/migrations';

describe('SQLite migration 0038 (organisation settings)', () => {
  it("gives every organisation today's platform values and removes them from the settings", async () => {
    const file = await sqliteDatabaseBefore(38);
    let raw = new Database(file);
    const org = raw.prepare(
      `insert into organisations (slug, display_name, legal_name, contact_email, state, status) values (?, ?, ?, ?, '27', 'approved')`,
    );
    org.run('first', 'First Runs', 'First Runs LLP', 'first@example.in');
    org.run('second', 'Second Rides', 'Second Rides LLP', 'second@example.in');
    const setting = raw.prepare(`insert into settings (key, value) values (?, ?)`);
    setting.run('emailNotifications', 'false');
    setting.run('weeklyReports', 'true');
    setting.run('retentionDays', '45');
    setting.run('platformName', '"TDK Games"');
    // userRegistrationAlerts and newEventAlerts were never saved: the platform default (on) applies.
    raw.close();

    await migrateToLatest(file);
    raw = new Database(file);
    expect(
      raw
        .prepare(
          `select slug, email_sender_name as senderName, email_reply_to as replyTo, brand_colour as brandColour,
             email_notifications as emailNotifications, user_registration_alerts as registrationAlerts,
             new_event_alerts as eventAlerts, weekly_reports as weeklyReports, retention_days as retentionDays
           from organisations order by id`,
        )
        .all(),
    ).toEqual(
      ['first', 'second'].map((slug) => ({
        slug,
        senderName: '',
        replyTo: '',
        brandColour: null,
        emailNotifications: 0,
        registrationAlerts: 1,
        eventAlerts: 1,
        weeklyReports: 1,
        retentionDays: 45,
      })),
    );
    expect(raw.prepare(`select key from settings order by key`).all()).toEqual([{ key: 'platformName' }]);
    raw.close();
  });
});
