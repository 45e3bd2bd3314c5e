ALTER TABLE `orders` ADD `holder_hash` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `email_confirm_hash` text;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `max_per_order` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
UPDATE `ticket_types` SET `max_per_order` = MIN(25, MAX(10, `team_max`)) WHERE `team_max` IS NOT NULL;