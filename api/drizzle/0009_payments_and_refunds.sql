CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`provider_payment_id` text,
	`amount_paise` integer NOT NULL,
	`method` text NOT NULL,
	`status` text DEFAULT 'SUCCESS' NOT NULL,
	`paid_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payments_status_check" CHECK(status IN ('SUCCESS')),
	CONSTRAINT "payments_amount_check" CHECK(amount_paise >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_payment_id_unique` ON `payments` (`provider_payment_id`);--> statement-breakpoint
CREATE INDEX `payments_order_idx` ON `payments` (`order_id`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`payment_id` integer,
	`provider_refund_id` text,
	`provider_reference` text,
	`amount_paise` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reason` text NOT NULL,
	`requested_by` text NOT NULL,
	`requested_by_email` text NOT NULL,
	`registration_ids` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_error` text,
	`status_description` text,
	`processed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "refunds_status_check" CHECK(status IN ('pending', 'processing', 'succeeded', 'failed', 'cancelled')),
	CONSTRAINT "refunds_amount_check" CHECK(amount_paise > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_provider_refund_id_unique` ON `refunds` (`provider_refund_id`);--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_id`);--> statement-breakpoint
CREATE INDEX `refunds_due_idx` ON `refunds` (`status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `emulator_orders` ADD `refunds` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `refunded_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 022: every paid order gets its payment as a row, from the columns orders have today;
-- an attendee already marked Refunded had their price refunded.
INSERT INTO `payments` (`order_id`, `provider_payment_id`, `amount_paise`, `method`, `status`, `paid_at`, `created_at`)
SELECT `id`, `cf_payment_id`, `amount_paise`, coalesce(`payment_method`, 'Online'), 'SUCCESS', `updated_at`, `updated_at`
FROM `orders` WHERE `status` IN ('PAID', 'REFUND_REQUIRED');--> statement-breakpoint
UPDATE `registrations` SET `refunded_paise` = `amount_paise` WHERE `payment_status` = 'Refunded';
