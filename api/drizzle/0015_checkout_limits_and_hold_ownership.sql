ALTER TABLE `orders` ADD `holder_hash` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `email_confirm_hash` text;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `max_per_order` integer DEFAULT 10 NOT NULL;