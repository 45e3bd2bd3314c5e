CREATE TABLE `memberships` (
	`staff_user_id` integer NOT NULL,
	`organisation_id` integer NOT NULL,
	`role` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`staff_user_id`, `organisation_id`),
	FOREIGN KEY (`staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organisation_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "memberships_role_check" CHECK(role IN ('admin', 'manager', 'coordinator', 'support'))
);
--> statement-breakpoint
CREATE INDEX `memberships_organisation_idx` ON `memberships` (`organisation_id`,`role`);--> statement-breakpoint
CREATE TABLE `organisations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`display_name` text NOT NULL,
	`legal_name` text NOT NULL,
	`about` text DEFAULT '' NOT NULL,
	`logo_url` text,
	`contact_email` text NOT NULL,
	`contact_phone` text DEFAULT '' NOT NULL,
	`state` text NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`pan` text DEFAULT '' NOT NULL,
	`gstin` text,
	`status` text DEFAULT 'applied' NOT NULL,
	`status_reason` text DEFAULT '' NOT NULL,
	`trusted` integer DEFAULT false NOT NULL,
	`platform_notes` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "organisations_status_check" CHECK(status IN ('applied', 'approved', 'suspended'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organisations_slug_unique` ON `organisations` (`slug`);--> statement-breakpoint
-- An existing install becomes one approved organisation holding every row (decision 051): its name
-- and tax identity from today's settings; nothing is created on an empty database (the seed or the
-- first admin creates the first organisation there).
INSERT INTO `organisations` (`id`, `slug`, `display_name`, `legal_name`, `contact_email`, `contact_phone`, `state`, `address`, `pan`, `gstin`, `status`)
SELECT 1, 'organiser',
  COALESCE((SELECT json_extract(value, '$') FROM settings WHERE key = 'platformName'), 'TDK Sports'),
  COALESCE(NULLIF((SELECT json_extract(value, '$') FROM settings WHERE key = 'gstLegalName'), ''), (SELECT json_extract(value, '$') FROM settings WHERE key = 'platformName'), 'TDK Sports'),
  COALESCE((SELECT json_extract(value, '$') FROM settings WHERE key = 'contactEmail'), 'hello@tdksports.in'),
  COALESCE((SELECT json_extract(value, '$') FROM settings WHERE key = 'supportPhone'), ''),
  COALESCE(NULLIF((SELECT json_extract(value, '$') FROM settings WHERE key = 'gstState'), ''), '27'),
  COALESCE((SELECT json_extract(value, '$') FROM settings WHERE key = 'gstAddress'), ''),
  COALESCE(substr(NULLIF((SELECT json_extract(value, '$') FROM settings WHERE key = 'gstin'), ''), 3, 10), ''),
  NULLIF((SELECT json_extract(value, '$') FROM settings WHERE key = 'gstin'), ''),
  'approved'
WHERE EXISTS (SELECT 1 FROM events) OR EXISTS (SELECT 1 FROM staff_users) OR EXISTS (SELECT 1 FROM invoices);--> statement-breakpoint
INSERT INTO `memberships` (`staff_user_id`, `organisation_id`, `role`) SELECT `id`, 1, `role` FROM `staff_users`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_staff_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`full_name` text NOT NULL,
	`platform_role` text,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`last_login_at` text,
	`two_factor_secret` text,
	`two_factor_enabled_at` text,
	`two_factor_last_step` integer,
	`recovery_codes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "staff_users_platform_role_check" CHECK(platform_role IS NULL OR platform_role IN ('platform_admin', 'platform_support'))
);
--> statement-breakpoint
INSERT INTO `__new_staff_users`("id", "email", "full_name", "platform_role", "role", "password_hash", "token_version", "disabled", "last_login_at", "two_factor_secret", "two_factor_enabled_at", "two_factor_last_step", "recovery_codes", "created_at", "updated_at") SELECT "id", "email", "full_name", NULL, "role", "password_hash", "token_version", "disabled", "last_login_at", "two_factor_secret", "two_factor_enabled_at", "two_factor_last_step", "recovery_codes", "created_at", "updated_at" FROM `staff_users`;--> statement-breakpoint
DROP TABLE `staff_users`;--> statement-breakpoint
ALTER TABLE `__new_staff_users` RENAME TO `staff_users`;--> statement-breakpoint
UPDATE `staff_users` SET `platform_role` = 'platform_admin' WHERE `id` = (SELECT min(`id`) FROM `staff_users` WHERE `role` = 'admin' AND `disabled` = 0);--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `staff_users_email_unique` ON `staff_users` (`email`);--> statement-breakpoint
DROP INDEX `invoices_number_unique`;--> statement-breakpoint
DROP INDEX `invoices_series_sequence_idx`;--> statement-breakpoint
-- Added NOT NULL with a default no organisation has (0), so that a row written without its
-- organisation fails the foreign key; the existing rows are the first organisation's.
ALTER TABLE `invoices` ADD `organisation_id` integer NOT NULL DEFAULT 0 REFERENCES organisations(id);--> statement-breakpoint
UPDATE `invoices` SET `organisation_id` = 1;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_idx` ON `invoices` (`organisation_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_series_sequence_idx` ON `invoices` (`organisation_id`,`series`,`sequence`);--> statement-breakpoint
CREATE TABLE `__new_invoice_counters` (
	`organisation_id` integer NOT NULL,
	`series` text NOT NULL,
	`last_number` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organisation_id`, `series`),
	FOREIGN KEY (`organisation_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_invoice_counters`("organisation_id", "series", "last_number") SELECT 1, "series", "last_number" FROM `invoice_counters`;--> statement-breakpoint
DROP TABLE `invoice_counters`;--> statement-breakpoint
ALTER TABLE `__new_invoice_counters` RENAME TO `invoice_counters`;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `organisation_id` integer REFERENCES organisations(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `audit_log` SET `organisation_id` = 1 WHERE EXISTS (SELECT 1 FROM organisations WHERE id = 1);--> statement-breakpoint
CREATE INDEX `audit_log_organisation_idx` ON `audit_log` (`organisation_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `events` ADD `organisation_id` integer NOT NULL DEFAULT 0 REFERENCES organisations(id);--> statement-breakpoint
UPDATE `events` SET `organisation_id` = 1;--> statement-breakpoint
CREATE INDEX `events_organisation_idx` ON `events` (`organisation_id`,`date`,`time`,`id`);