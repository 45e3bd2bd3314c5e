CREATE TABLE `organisation_signups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`profile` text NOT NULL,
	`admin` text NOT NULL,
	`password_hash` text NOT NULL,
	`requested_ip` text,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organisation_signups_token_hash_unique` ON `organisation_signups` (`token_hash`);--> statement-breakpoint
CREATE INDEX `organisation_signups_email_idx` ON `organisation_signups` (`email`);