DROP INDEX `events_participants_idx`;--> statement-breakpoint
DROP INDEX `events_revenue_idx`;--> statement-breakpoint
CREATE INDEX `events_participants_idx` ON `events` (`max_participants`,`id`);--> statement-breakpoint
CREATE INDEX `events_revenue_idx` ON `events` (("price_paise" * "max_participants"),`id`);--> statement-breakpoint
DROP INDEX `registrations_date_idx`;--> statement-breakpoint
CREATE INDEX `registrations_stats_idx` ON `registrations` (`status`,`payment_status`,`amount_paise`);--> statement-breakpoint
CREATE INDEX `registrations_date_idx` ON `registrations` (`registration_date`,`id`);