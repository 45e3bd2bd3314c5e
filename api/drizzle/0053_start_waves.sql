ALTER TABLE `registrations` ADD `wave_override` text;--> statement-breakpoint
ALTER TABLE `registrations` ADD `chip_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_chip_idx` ON `registrations` (`event_id`,`chip_id`);--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `waves` text;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `wave_question_id` text;