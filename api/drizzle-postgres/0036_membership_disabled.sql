-- Deferred constraint checks queued by the migrations before this one, in the same transaction, run
-- now: ALTER TABLE refuses a table with pending trigger events.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
-- Disabling is per membership (decision 057): an organisation's admin disables the person's access
-- to their organisation, not the account.
ALTER TABLE "memberships" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: an account disabled before was disabled by an organisation's admin (the Users
-- screen was the only way); its memberships take the fact, and the account's own flag, now the
-- platform's (and set for an account removed from its last organisation), is cleared for them.
UPDATE "memberships" SET "disabled" = true WHERE "staff_user_id" IN (SELECT "id" FROM "staff_users" WHERE "disabled");--> statement-breakpoint
UPDATE "staff_users" SET "disabled" = false WHERE "disabled" AND "id" IN (SELECT "staff_user_id" FROM "memberships");
