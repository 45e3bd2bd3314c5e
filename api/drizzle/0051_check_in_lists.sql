CREATE TABLE `check_in_list_ticket_types` (
	`check_in_list_id` integer NOT NULL,
	`ticket_type_id` integer NOT NULL,
	PRIMARY KEY(`check_in_list_id`, `ticket_type_id`),
	FOREIGN KEY (`check_in_list_id`) REFERENCES `check_in_lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_type_id`) REFERENCES `ticket_types`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_in_list_ticket_types_type_idx` ON `check_in_list_ticket_types` (`ticket_type_id`);--> statement-breakpoint
CREATE TABLE `check_in_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_in_lists_event_idx` ON `check_in_lists` (`event_id`);--> statement-breakpoint
ALTER TABLE `check_ins` ADD `items` text;--> statement-breakpoint
ALTER TABLE `check_ins` ADD `collector_name` text;