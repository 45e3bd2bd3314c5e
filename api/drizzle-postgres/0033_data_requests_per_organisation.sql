-- Deferred constraint checks queued by the migrations before this one, in the same transaction, run
-- now: ALTER TABLE refuses a table with pending trigger events.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
-- Data requests go to the organiser (decision 055): existing requests were organisation 1's (decision 051).
ALTER TABLE "data_requests" ADD COLUMN "organisation_id" integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE "data_requests" ALTER COLUMN "organisation_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_requests_organisation_idx" ON "data_requests" USING btree ("organisation_id","status","requested_at");--> statement-breakpoint
-- The tax identity is the organisation's row (decision 055): 0030 copied these settings into
-- organisation 1; nothing reads them any more.
DELETE FROM "settings" WHERE "key" IN ('gstLegalName', 'gstAddress', 'gstState', 'gstin');
--> statement-breakpoint
-- The privacy notice names the event's organiser as the one collecting the data (decision 055): where
-- attendees consented to the old words, it is a new version (a fresh database starts at 1).
UPDATE "settings" SET "value" = to_jsonb(("value" #>> '{}')::integer + 1)
WHERE "key" = 'privacyNoticeVersion' AND EXISTS (SELECT 1 FROM "registrations" WHERE "consent_notice_version" IS NOT NULL);--> statement-breakpoint
INSERT INTO "settings" ("key", "value")
SELECT 'privacyNoticeVersion', '2'::jsonb
WHERE NOT EXISTS (SELECT 1 FROM "settings" WHERE "key" = 'privacyNoticeVersion')
  AND EXISTS (SELECT 1 FROM "registrations" WHERE "consent_notice_version" IS NOT NULL);
--> statement-breakpoint
-- The public answers read organisations too (a suspended organiser's events are not public, an event
-- names its organiser): a change to one moves the response cache's version, as events do (0001).
CREATE CONSTRAINT TRIGGER "organisations_data_version" AFTER INSERT OR UPDATE OR DELETE ON "organisations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();