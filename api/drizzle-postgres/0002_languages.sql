ALTER TABLE "events" ADD COLUMN "title_hi" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "title_mr" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "description_hi" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "description_mr" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;