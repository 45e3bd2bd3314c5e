-- Data requests go to the organiser (decision 055): existing requests were organisation 1's (decision 051).
ALTER TABLE "data_requests" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
UPDATE "data_requests" SET "organisation_id" = 1;--> statement-breakpoint
ALTER TABLE "data_requests" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_requests_organisation_idx" ON "data_requests" USING btree ("organisation_id","status","requested_at");--> statement-breakpoint
-- The tax identity is the organisation's row (decision 055): 0030 copied these settings into
-- organisation 1; nothing reads them any more.
DELETE FROM "settings" WHERE "key" IN ('gstLegalName', 'gstAddress', 'gstState', 'gstin');
