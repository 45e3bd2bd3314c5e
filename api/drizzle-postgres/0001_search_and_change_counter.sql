-- Hand-written (drizzle-kit has no extensions, operator classes on expressions or triggers).
-- The admin consoles' text search, as SQLite's FTS5 trigram tables do it (drizzle/0003): pg_trgm
-- answers "contains" for 3 or more characters, any case, from a GIN index (db/text-search.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("title" gin_trgm_ops, "location" gin_trgm_ops, "category" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_types_search_idx" ON "ticket_types" USING gin ("name" gin_trgm_ops, "category" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registrations_search_idx" ON "registrations" USING gin (
  "registration_number" gin_trgm_ops,
  ("first_name" || ' ' || "last_name") gin_trgm_ops,
  "email" gin_trgm_ops,
  "phone" gin_trgm_ops
);--> statement-breakpoint
-- The change counter behind the response cache (db/change-counter.ts): every committed change to
-- what the public answers read moves it, at commit (a deferred trigger holds the row's lock for the
-- commit only), so every instance sees a change made on any other.
CREATE TABLE "data_version" ("id" integer PRIMARY KEY CHECK ("id" = 1), "version" bigint NOT NULL);--> statement-breakpoint
INSERT INTO "data_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "events_data_version" AFTER INSERT OR UPDATE OR DELETE ON "events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ticket_types_data_version" AFTER INSERT OR UPDATE OR DELETE ON "ticket_types"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "settings_data_version" AFTER INSERT OR UPDATE OR DELETE ON "settings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();
