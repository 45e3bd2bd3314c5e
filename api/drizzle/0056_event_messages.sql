CREATE TABLE `announcement_opt_outs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organisation_id` integer NOT NULL,
	`email` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`organisation_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `announcement_opt_outs_email_idx` ON `announcement_opt_outs` (`organisation_id`,`email`);--> statement-breakpoint
CREATE TABLE `event_message_recipients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`registration_id` integer NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`email_state` text DEFAULT 'pending' NOT NULL,
	`email_outbox_id` integer,
	`whatsapp_state` text DEFAULT 'not_requested' NOT NULL,
	`whatsapp_message_id` text,
	`error` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `event_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`email_outbox_id`) REFERENCES `email_outbox`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_message_recipients_attendee_idx` ON `event_message_recipients` (`message_id`,`registration_id`);--> statement-breakpoint
CREATE INDEX `event_message_recipients_state_idx` ON `event_message_recipients` (`message_id`,`email_state`,`id`);--> statement-breakpoint
CREATE INDEX `event_message_recipients_registration_idx` ON `event_message_recipients` (`registration_id`);--> statement-breakpoint
CREATE TABLE `event_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`organisation_id` integer NOT NULL,
	`subject` text NOT NULL,
	`bodies` text NOT NULL,
	`channels` text NOT NULL,
	`audience` text NOT NULL,
	`send_at` text NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`recipient_count` integer DEFAULT 0 NOT NULL,
	`created_by_user_id` integer,
	`created_by_email` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`,`organisation_id`) REFERENCES `events`(`id`,`organisation_id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_messages_event_idx` ON `event_messages` (`event_id`,`id`);--> statement-breakpoint
CREATE INDEX `event_messages_due_idx` ON `event_messages` (`state`,`send_at`);