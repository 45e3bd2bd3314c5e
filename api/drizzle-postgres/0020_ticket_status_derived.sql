-- Decision 036: 'Sold Out' and 'Expired' are derived; staff set only Active or Upcoming (see the
-- SQLite migration 0023 for the rule).
UPDATE "ticket_types" SET "status" = CASE
  WHEN "quantity" - "sold" - "held" > 0 THEN 'Upcoming' ELSE 'Active' END
WHERE "status" = 'Sold Out';--> statement-breakpoint
UPDATE "ticket_types" SET "status" = CASE
  WHEN "valid_until" IS NOT NULL AND substr("valid_until", 1, 10) < to_char(now() AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') THEN 'Active' ELSE 'Upcoming' END
WHERE "status" = 'Expired';--> statement-breakpoint
ALTER TABLE "ticket_types" DROP CONSTRAINT "ticket_types_status_check";--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_status_check" CHECK (status IN ('Active', 'Upcoming'));