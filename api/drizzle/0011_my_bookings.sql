CREATE TABLE `buyer_sign_in_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `buyer_sign_in_links_token_hash_unique` ON `buyer_sign_in_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `buyer_sign_in_links_expires_idx` ON `buyer_sign_in_links` (`expires_at`);--> statement-breakpoint
CREATE TABLE `replaced_ticket_numbers` (
	`number` text PRIMARY KEY NOT NULL,
	`registration_id` integer NOT NULL,
	`reason` text NOT NULL,
	`replaced_at` text NOT NULL,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `replaced_ticket_numbers_registration_idx` ON `replaced_ticket_numbers` (`registration_id`);--> statement-breakpoint
ALTER TABLE `events` ADD `self_service` text DEFAULT '{}' NOT NULL;