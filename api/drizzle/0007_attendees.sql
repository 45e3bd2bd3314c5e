DROP INDEX `registrations_order_idx`;--> statement-breakpoint
ALTER TABLE `registrations` ADD `booking_reference` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `details_missing` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `bib` integer;--> statement-breakpoint
ALTER TABLE `registrations` ADD `answers` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX `registrations_booking_idx` ON `registrations` (`booking_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_bib_idx` ON `registrations` (`event_id`,`bib`);--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_order_idx` ON `registrations` (`order_id`,`position`);--> statement-breakpoint
ALTER TABLE `events` ADD `questions` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `participant_fields` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `booking_reference` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_booking_reference_unique` ON `orders` (`booking_reference`);--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `min_age` integer;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `max_age` integer;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `gender` text;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `team_min` integer;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `team_max` integer;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `team_pricing` text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `bib_from` integer;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `bib_to` integer;