ALTER TABLE `events` ADD `title_hi` text;--> statement-breakpoint
ALTER TABLE `events` ADD `title_mr` text;--> statement-breakpoint
ALTER TABLE `events` ADD `description_hi` text;--> statement-breakpoint
ALTER TABLE `events` ADD `description_mr` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `language` text DEFAULT 'en' NOT NULL;