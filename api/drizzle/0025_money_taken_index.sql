DROP INDEX `registrations_stats_idx`;--> statement-breakpoint
CREATE INDEX `registrations_stats_idx` ON `registrations` (`status`,`payment_status`,`amount_paise`,`refunded_paise`);