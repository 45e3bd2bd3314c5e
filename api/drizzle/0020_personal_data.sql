CREATE TABLE `data_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`email` text NOT NULL,
	`booking_references` text DEFAULT '' NOT NULL,
	`requested_at` text NOT NULL,
	`handled_at` text,
	`handled_by_email` text,
	`note` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "data_requests_kind_check" CHECK(kind IN ('erasure')),
	CONSTRAINT "data_requests_status_check" CHECK(status IN ('pending', 'completed', 'declined'))
);
--> statement-breakpoint
CREATE INDEX `data_requests_status_idx` ON `data_requests` (`status`,`requested_at`);--> statement-breakpoint
CREATE INDEX `data_requests_email_idx` ON `data_requests` (`email`);--> statement-breakpoint
ALTER TABLE `events` ADD `health_reason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `erased_at` text;--> statement-breakpoint
ALTER TABLE `registrations` ADD `consent_notice_version` integer;--> statement-breakpoint
ALTER TABLE `registrations` ADD `consent_at` text;--> statement-breakpoint
ALTER TABLE `registrations` ADD `guardian_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `guardian_relation` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `guardian_phone` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `guardian_consent_at` text;--> statement-breakpoint
ALTER TABLE `registrations` ADD `erased_at` text;