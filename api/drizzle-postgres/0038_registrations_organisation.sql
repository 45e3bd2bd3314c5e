SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
DROP INDEX "registrations_status_date_idx";--> statement-breakpoint
DROP INDEX "registrations_payment_date_idx";--> statement-breakpoint
DROP INDEX "registrations_date_idx";--> statement-breakpoint
DROP INDEX "registrations_stats_idx";--> statement-breakpoint
-- Decision 059: an attendee's organisation is its event's, by a composite foreign key on
-- (event_id, organisation_id) to events' (id, organisation_id), cascading a change of the event's organisation.
ALTER TABLE "registrations" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
UPDATE "registrations" SET "organisation_id" = "events"."organisation_id" FROM "events" WHERE "events"."id" = "registrations"."event_id";--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "events_organisation_key_idx" ON "events" USING btree ("id","organisation_id");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_event_id_organisation_id_events_id_organisation_id_fk" FOREIGN KEY ("event_id","organisation_id") REFERENCES "public"."events"("id","organisation_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "registrations_status_date_idx" ON "registrations" USING btree ("organisation_id","status","registration_date","payment_status","amount_paise");--> statement-breakpoint
CREATE INDEX "registrations_payment_date_idx" ON "registrations" USING btree ("organisation_id","payment_status","registration_date");--> statement-breakpoint
CREATE INDEX "registrations_date_idx" ON "registrations" USING btree ("organisation_id","registration_date","id");--> statement-breakpoint
CREATE INDEX "registrations_stats_idx" ON "registrations" USING btree ("organisation_id","on_hold","status","payment_status","amount_paise","refunded_paise");