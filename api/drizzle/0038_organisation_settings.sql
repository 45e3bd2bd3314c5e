ALTER TABLE `email_outbox` ADD `organisation_id` integer REFERENCES organisations(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `organisations` ADD `email_sender_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `organisations` ADD `email_reply_to` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `organisations` ADD `brand_colour` text;--> statement-breakpoint
ALTER TABLE `organisations` ADD `email_notifications` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `organisations` ADD `user_registration_alerts` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `organisations` ADD `new_event_alerts` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `organisations` ADD `weekly_reports` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `organisations` ADD `retention_days` integer DEFAULT 180 NOT NULL;--> statement-breakpoint
-- Each organisation's settings (decision 056) start as the platform's were: Email Notifications,
-- the staff alerts, Weekly Reports and the retention period move from the settings to every
-- organisation's row, and leave the settings (one owner per fact, decision 036). A setting never
-- saved has no row and keeps the column's default, which is the platform default it had.
UPDATE `organisations` SET
  `email_notifications` = COALESCE((SELECT json_extract(`value`, '$') FROM `settings` WHERE `key` = 'emailNotifications'), `email_notifications`),
  `user_registration_alerts` = COALESCE((SELECT json_extract(`value`, '$') FROM `settings` WHERE `key` = 'userRegistrationAlerts'), `user_registration_alerts`),
  `new_event_alerts` = COALESCE((SELECT json_extract(`value`, '$') FROM `settings` WHERE `key` = 'newEventAlerts'), `new_event_alerts`),
  `weekly_reports` = COALESCE((SELECT json_extract(`value`, '$') FROM `settings` WHERE `key` = 'weeklyReports'), `weekly_reports`),
  `retention_days` = COALESCE((SELECT CAST(json_extract(`value`, '$') AS INTEGER) FROM `settings` WHERE `key` = 'retentionDays'), `retention_days`);--> statement-breakpoint
DELETE FROM `settings` WHERE `key` IN ('emailNotifications', 'userRegistrationAlerts', 'newEventAlerts', 'weeklyReports', 'retentionDays');
