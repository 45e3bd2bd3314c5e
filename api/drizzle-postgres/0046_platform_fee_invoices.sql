CREATE TABLE "platform_invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issuer" text DEFAULT 'organiser' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_platform_sequence_idx" ON "invoices" USING btree ("series","sequence") WHERE "invoices"."issuer" = 'platform';