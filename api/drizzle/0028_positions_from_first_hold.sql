DROP INDEX `registrations_stats_idx`;--> statement-breakpoint
ALTER TABLE `registrations` ADD `on_hold` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `registrations_on_hold_idx` ON `registrations` (`order_id`) WHERE "registrations"."on_hold";--> statement-breakpoint
CREATE INDEX `registrations_stats_idx` ON `registrations` (`status`,`payment_status`,`amount_paise`,`refunded_paise`,`on_hold`);