DROP INDEX "registrations_order_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "participant_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "booking_reference" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "booking_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "details_missing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "bib" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "min_age" integer;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "max_age" integer;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "team_min" integer;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "team_max" integer;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "team_pricing" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "bib_from" integer;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "bib_to" integer;--> statement-breakpoint
CREATE INDEX "registrations_booking_idx" ON "registrations" USING btree ("booking_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_bib_idx" ON "registrations" USING btree ("event_id","bib");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_order_idx" ON "registrations" USING btree ("order_id","position");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_booking_reference_unique" UNIQUE("booking_reference");