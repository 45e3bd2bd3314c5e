CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_user_id` integer,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`detail` text,
	`ip` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_error` text,
	`registration_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "email_outbox_status_check" CHECK(status IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`date` text NOT NULL,
	`time` text NOT NULL,
	`venue` text NOT NULL,
	`location` text NOT NULL,
	`category` text NOT NULL,
	`max_participants` integer NOT NULL,
	`price_paise` integer DEFAULT 0 NOT NULL,
	`image_url` text,
	`status` text DEFAULT 'Draft' NOT NULL,
	`organizer` text DEFAULT '' NOT NULL,
	`contact_email` text DEFAULT '' NOT NULL,
	`contact_phone` text DEFAULT '' NOT NULL,
	`highlights` text DEFAULT '[]' NOT NULL,
	`rules` text DEFAULT '[]' NOT NULL,
	`regulations` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "events_status_check" CHECK(status IN ('Draft', 'Active', 'Upcoming', 'Completed')),
	CONSTRAINT "events_price_check" CHECK(price_paise >= 0),
	CONSTRAINT "events_max_participants_check" CHECK(max_participants >= 1)
);
--> statement-breakpoint
CREATE INDEX `events_date_idx` ON `events` (`date`,`time`);--> statement-breakpoint
CREATE INDEX `events_status_idx` ON `events` (`status`);--> statement-breakpoint
CREATE INDEX `events_category_idx` ON `events` (`category`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_key_at_idx` ON `login_attempts` (`key`,`at`);--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_unique` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE TABLE `order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`ticket_type_id` integer,
	`quantity` integer NOT NULL,
	`unit_price_paise` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_type_id`) REFERENCES `ticket_types`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_lines_quantity_check" CHECK(quantity > 0)
);
--> statement-breakpoint
CREATE INDEX `order_lines_order_idx` ON `order_lines` (`order_id`);--> statement-breakpoint
CREATE INDEX `order_lines_ticket_idx` ON `order_lines` (`ticket_type_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` integer,
	`amount_paise` integer NOT NULL,
	`status` text DEFAULT 'CREATED' NOT NULL,
	`idempotency_key` text,
	`payment_session_id` text,
	`cf_payment_id` text,
	`payment_method` text,
	`hold_expires_at` text NOT NULL,
	`hold_released_at` text,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`customer_phone` text NOT NULL,
	`order_note` text DEFAULT '' NOT NULL,
	`participant` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "orders_status_check" CHECK(status IN ('CREATED', 'PAID', 'FAILED', 'EXPIRED', 'REFUND_REQUIRED')),
	CONSTRAINT "orders_amount_check" CHECK(amount_paise >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_cf_payment_id_unique` ON `orders` (`cf_payment_id`);--> statement-breakpoint
CREATE INDEX `orders_status_hold_idx` ON `orders` (`status`,`hold_expires_at`);--> statement-breakpoint
CREATE TABLE `registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`registration_number` text NOT NULL,
	`order_id` text,
	`event_id` integer NOT NULL,
	`event_name` text NOT NULL,
	`event_date` text NOT NULL,
	`event_time` text NOT NULL,
	`event_venue` text NOT NULL,
	`ticket_id` integer,
	`ticket_name` text NOT NULL,
	`ticket_price_paise` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`amount_paise` integer NOT NULL,
	`registration_date` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`status` text DEFAULT 'Pending' NOT NULL,
	`payment_status` text DEFAULT 'Pending' NOT NULL,
	`payment_method` text DEFAULT '' NOT NULL,
	`transaction_id` text DEFAULT '' NOT NULL,
	`check_in_time` text,
	`qr_code` text NOT NULL,
	`ticket_downloaded` integer DEFAULT false NOT NULL,
	`email_sent` integer DEFAULT false NOT NULL,
	`whatsapp_sent` integer DEFAULT false NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`first_name` text DEFAULT 'Guest' NOT NULL,
	`last_name` text DEFAULT 'User' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`date_of_birth` text,
	`gender` text DEFAULT '' NOT NULL,
	`emergency_contact_name` text DEFAULT '' NOT NULL,
	`emergency_contact_phone` text DEFAULT '' NOT NULL,
	`medical_conditions` text DEFAULT '' NOT NULL,
	`dietary_restrictions` text DEFAULT '' NOT NULL,
	`previous_experience` text DEFAULT '' NOT NULL,
	`team_name` text DEFAULT '' NOT NULL,
	`shirt_size` text DEFAULT '' NOT NULL,
	`blood_group` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `ticket_types`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "registrations_status_check" CHECK(status IN ('Pending', 'Confirmed', 'Cancelled', 'Checked-In', 'No-Show')),
	CONSTRAINT "registrations_payment_status_check" CHECK(payment_status IN ('Paid', 'Pending', 'Failed', 'Refunded')),
	CONSTRAINT "registrations_amounts_check" CHECK(amount_paise >= 0 AND ticket_price_paise >= 0 AND quantity >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_registration_number_unique` ON `registrations` (`registration_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_order_idx` ON `registrations` (`order_id`);--> statement-breakpoint
CREATE INDEX `registrations_event_idx` ON `registrations` (`event_id`);--> statement-breakpoint
CREATE INDEX `registrations_status_idx` ON `registrations` (`status`);--> statement-breakpoint
CREATE INDEX `registrations_date_idx` ON `registrations` (`registration_date`);--> statement-breakpoint
CREATE INDEX `registrations_ticket_idx` ON `registrations` (`ticket_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `staff_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`full_name` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`last_login_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "staff_users_role_check" CHECK(role IN ('admin', 'manager', 'coordinator', 'support'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_users_email_unique` ON `staff_users` (`email`);--> statement-breakpoint
CREATE TABLE `ticket_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_paise` integer DEFAULT 0 NOT NULL,
	`quantity` integer NOT NULL,
	`sold` integer DEFAULT 0 NOT NULL,
	`held` integer DEFAULT 0 NOT NULL,
	`valid_from` text,
	`valid_until` text,
	`status` text DEFAULT 'Active' NOT NULL,
	`category` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ticket_types_status_check" CHECK(status IN ('Active', 'Upcoming', 'Sold Out', 'Expired')),
	CONSTRAINT "ticket_types_price_check" CHECK(price_paise >= 0),
	CONSTRAINT "ticket_types_counts_check" CHECK(quantity >= 0 AND sold >= 0 AND held >= 0)
);
--> statement-breakpoint
CREATE INDEX `ticket_types_event_idx` ON `ticket_types` (`event_id`,`status`);