CREATE TABLE `promo_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`code` text NOT NULL,
	`code_key` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`ticket_type_ids` text DEFAULT '[]' NOT NULL,
	`valid_from` text,
	`valid_until` text,
	`max_uses` integer,
	`max_uses_per_email` integer,
	`reserved_seats` integer,
	`reserved_held` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_codes_event_key_idx` ON `promo_codes` (`event_id`,`code_key`);--> statement-breakpoint
ALTER TABLE `orders` ADD `promo_code_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `promo_uses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_promo_idx` ON `orders` (`promo_code_id`,`status`);--> statement-breakpoint
ALTER TABLE `registrations` ADD `promo_code_id` integer;--> statement-breakpoint
ALTER TABLE `registrations` ADD `promo_discount_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `registrations_promo_idx` ON `registrations` (`promo_code_id`);