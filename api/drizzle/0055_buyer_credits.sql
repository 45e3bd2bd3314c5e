CREATE TABLE `buyer_credits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organisation_id` integer NOT NULL,
	`email` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`registration_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`used_at` text,
	`used_order_id` text,
	FOREIGN KEY (`organisation_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "buyer_credits_amount_check" CHECK(amount_paise >= 0)
);
--> statement-breakpoint
CREATE INDEX `buyer_credits_email_idx` ON `buyer_credits` (`email`,`organisation_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `buyer_credits_registration_idx` ON `buyer_credits` (`registration_id`);