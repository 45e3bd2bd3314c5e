ALTER TABLE `events` ADD `arrival_note` text;--> statement-breakpoint
ALTER TABLE `events` ADD `id_note` text;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `inclusions` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `email_outbox_registration_idx` ON `email_outbox` (`registration_id`);--> statement-breakpoint
CREATE INDEX `orders_event_status_idx` ON `orders` (`event_id`,`status`,`amount_paise`);