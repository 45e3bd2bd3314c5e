DROP INDEX "events_revenue_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "taken_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "events_date_list_idx" ON "events" USING btree ("date","time","id","title","status");--> statement-breakpoint
CREATE INDEX "events_taken_idx" ON "events" USING btree ("taken_paise","id");--> statement-breakpoint
-- Hand-written (decision 041): the money taken per event (services/money-taken.ts), kept by the
-- database in the transaction of every change to an attendee's payment state, price or refund.
CREATE FUNCTION "registrations_taken"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "events" SET "taken_paise" = "taken_paise" - (CASE WHEN OLD.payment_status IN ('Paid', 'Refunded') THEN OLD.amount_paise - OLD.refunded_paise ELSE 0 END) WHERE "id" = OLD.event_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE "events" SET "taken_paise" = "taken_paise" + (CASE WHEN NEW.payment_status IN ('Paid', 'Refunded') THEN NEW.amount_paise - NEW.refunded_paise ELSE 0 END) WHERE "id" = NEW.event_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "registrations_taken" AFTER INSERT OR DELETE OR UPDATE OF "payment_status", "amount_paise", "refunded_paise", "event_id" ON "registrations"
  FOR EACH ROW EXECUTE FUNCTION "registrations_taken"();--> statement-breakpoint
UPDATE "events" SET "taken_paise" = (SELECT coalesce(sum(CASE WHEN "payment_status" IN ('Paid', 'Refunded') THEN "amount_paise" - "refunded_paise" ELSE 0 END), 0) FROM "registrations" WHERE "registrations"."event_id" = "events"."id");--> statement-breakpoint
-- The response cache's change counter (0001) is moved by every change to events, but the public
-- answers never read taken_paise: an update of it alone (every payment and refund) leaves it.
DROP TRIGGER "events_data_version" ON "events";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "events_data_version" AFTER INSERT OR DELETE ON "events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "events_data_version_update" AFTER UPDATE ON "events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'taken_paise') IS DISTINCT FROM (to_jsonb(NEW) - 'taken_paise'))
  EXECUTE FUNCTION "bump_data_version"();
