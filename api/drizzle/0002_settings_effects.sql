CREATE TABLE `weekly_reports` (
	`week_of` text PRIMARY KEY NOT NULL,
	`sent_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `events` ADD `pending_status` text;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `two_factor_secret` text;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `two_factor_enabled_at` text;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `recovery_codes` text;