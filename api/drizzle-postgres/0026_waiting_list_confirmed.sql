ALTER TABLE "waiting_list_entries" ADD COLUMN "confirmed_at" text;--> statement-breakpoint
-- Hand-written (issue 40): entries that joined before confirmation existed keep their places.
UPDATE "waiting_list_entries" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
