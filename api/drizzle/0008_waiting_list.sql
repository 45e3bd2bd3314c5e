CREATE TABLE `waiting_list_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`ticket_type_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`quantity` integer NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`position` integer NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`offer_token` text,
	`offered_at` text,
	`offer_expires_at` text,
	`offer_mailed_at` text,
	`order_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_type_id`) REFERENCES `ticket_types`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "waiting_list_status_check" CHECK(status IN ('waiting', 'offered', 'used', 'expired', 'removed', 'ended')),
	CONSTRAINT "waiting_list_quantity_check" CHECK(quantity >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waiting_list_type_email_idx` ON `waiting_list_entries` (`ticket_type_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `waiting_list_offer_token_idx` ON `waiting_list_entries` (`offer_token`);--> statement-breakpoint
CREATE INDEX `waiting_list_queue_idx` ON `waiting_list_entries` (`ticket_type_id`,`status`,`position`);--> statement-breakpoint
CREATE INDEX `waiting_list_event_idx` ON `waiting_list_entries` (`event_id`,`status`);--> statement-breakpoint
CREATE INDEX `waiting_list_offer_expiry_idx` ON `waiting_list_entries` (`status`,`offer_expires_at`);--> statement-breakpoint
ALTER TABLE `events` ADD `offer_hours` integer DEFAULT 24 NOT NULL;