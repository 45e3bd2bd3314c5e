ALTER TABLE "orders" ADD COLUMN "holder_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "email_confirm_hash" text;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "max_per_order" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
UPDATE "ticket_types" SET "max_per_order" = LEAST(25, GREATEST(10, "team_max")) WHERE "team_max" IS NOT NULL;