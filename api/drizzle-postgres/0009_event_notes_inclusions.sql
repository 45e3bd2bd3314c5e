ALTER TABLE "events" ADD COLUMN "arrival_note" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "id_note" text;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "inclusions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "email_outbox_registration_idx" ON "email_outbox" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "orders_event_status_idx" ON "orders" USING btree ("event_id","status","amount_paise");