-- Deferred constraint checks queued by the migrations before this one, in the same transaction, run
-- now: ALTER TABLE refuses a table with pending trigger events.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "email_sender_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "email_reply_to" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "brand_colour" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "email_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "user_registration_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "new_event_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "weekly_reports" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "retention_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Each organisation's settings (decision 056) start as the platform's were: Email Notifications,
-- the staff alerts, Weekly Reports and the retention period move from the settings to every
-- organisation's row, and leave the settings (one owner per fact, decision 036). A setting never
-- saved has no row and keeps the column's default, which is the platform default it had.
UPDATE "organisations" SET
  "email_notifications" = COALESCE((SELECT ("value" #>> '{}')::boolean FROM "settings" WHERE "key" = 'emailNotifications'), "email_notifications"),
  "user_registration_alerts" = COALESCE((SELECT ("value" #>> '{}')::boolean FROM "settings" WHERE "key" = 'userRegistrationAlerts'), "user_registration_alerts"),
  "new_event_alerts" = COALESCE((SELECT ("value" #>> '{}')::boolean FROM "settings" WHERE "key" = 'newEventAlerts'), "new_event_alerts"),
  "weekly_reports" = COALESCE((SELECT ("value" #>> '{}')::boolean FROM "settings" WHERE "key" = 'weeklyReports'), "weekly_reports"),
  "retention_days" = COALESCE((SELECT ("value" #>> '{}')::integer FROM "settings" WHERE "key" = 'retentionDays'), "retention_days");--> statement-breakpoint
DELETE FROM "settings" WHERE "key" IN ('emailNotifications', 'userRegistrationAlerts', 'newEventAlerts', 'weeklyReports', 'retentionDays');
