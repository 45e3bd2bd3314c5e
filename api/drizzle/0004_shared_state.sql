CREATE TABLE `emulator_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`session_id` text NOT NULL,
	`idempotency_key` text,
	`entity` text NOT NULL,
	`payments` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `emulator_orders_session_id_unique` ON `emulator_orders` (`session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `emulator_orders_idempotency_key_unique` ON `emulator_orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `emulator_orders_created_idx` ON `emulator_orders` (`created_at`);--> statement-breakpoint
CREATE TABLE `job_leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`hits` integer NOT NULL,
	`reset_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_reset_idx` ON `rate_limits` (`reset_at`);