ALTER TABLE `registrations` DROP COLUMN `event_name`;--> statement-breakpoint
ALTER TABLE `registrations` DROP COLUMN `event_date`;--> statement-breakpoint
ALTER TABLE `registrations` DROP COLUMN `event_time`;--> statement-breakpoint
ALTER TABLE `registrations` DROP COLUMN `event_venue`;