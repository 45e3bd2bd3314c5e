DROP INDEX "events_participants_idx";--> statement-breakpoint
DROP INDEX "events_revenue_idx";--> statement-breakpoint
DROP INDEX "registrations_date_idx";--> statement-breakpoint
CREATE INDEX "registrations_stats_idx" ON "registrations" USING btree ("status","payment_status","amount_paise");--> statement-breakpoint
CREATE INDEX "events_participants_idx" ON "events" USING btree ("max_participants","id");--> statement-breakpoint
CREATE INDEX "events_revenue_idx" ON "events" USING btree (("price_paise" * "max_participants"),"id");--> statement-breakpoint
CREATE INDEX "registrations_date_idx" ON "registrations" USING btree ("registration_date","id");