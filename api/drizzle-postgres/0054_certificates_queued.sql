ALTER TABLE "result_versions" ADD COLUMN "certificates_queued_at" text;--> statement-breakpoint
-- Results published before finishers were e-mailed (decision 070) are not mailed now.
UPDATE "result_versions" SET "certificates_queued_at" = "published_at" WHERE "published_at" IS NOT NULL;
