SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
DROP INDEX "events_organisation_idx";--> statement-breakpoint
DROP INDEX "ticket_types_created_idx";--> statement-breakpoint
DROP INDEX "ticket_types_summary_idx";--> statement-breakpoint
-- Decision 059: a ticket type's organisation is its event's, by a composite foreign key to events' (id, organisation_id).
ALTER TABLE "ticket_types" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
UPDATE "ticket_types" SET "organisation_id" = "events"."organisation_id" FROM "events" WHERE "events"."id" = "ticket_types"."event_id";--> statement-breakpoint
ALTER TABLE "ticket_types" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_event_id_organisation_id_events_id_organisation_id_fk" FOREIGN KEY ("event_id","organisation_id") REFERENCES "public"."events"("id","organisation_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "events_public_category_idx" ON "events" USING btree (lower("category"),"date","time","id");--> statement-breakpoint
CREATE INDEX "events_organisation_idx" ON "events" USING btree ("organisation_id","date","time","id","title","status","taken_paise");--> statement-breakpoint
CREATE INDEX "ticket_types_created_idx" ON "ticket_types" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ticket_types_summary_idx" ON "ticket_types" USING btree ("organisation_id","status","quantity","sold","held","valid_from","valid_until","bib_from","bib_to");