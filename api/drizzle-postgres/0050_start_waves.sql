ALTER TABLE "registrations" ADD COLUMN "wave_override" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "chip_id" text;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "waves" jsonb;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "wave_question_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_chip_idx" ON "registrations" USING btree ("event_id","chip_id");