CREATE TABLE `waiting_room_visitors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`visitor_id` text NOT NULL,
	`address_hash` text NOT NULL,
	`number` integer,
	`status` text DEFAULT 'waiting' NOT NULL,
	`admitted_at` text,
	`token_expires_at` text,
	`order_id` text,
	`joined_at` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "waiting_room_visitors_status_check" CHECK(status IN ('waiting', 'admitted', 'in_checkout', 'bought', 'expired'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waiting_room_visitors_visitor_idx` ON `waiting_room_visitors` (`event_id`,`visitor_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `waiting_room_visitors_number_idx` ON `waiting_room_visitors` (`event_id`,`number`);--> statement-breakpoint
CREATE INDEX `waiting_room_visitors_status_idx` ON `waiting_room_visitors` (`event_id`,`status`,`number`);--> statement-breakpoint
CREATE INDEX `waiting_room_visitors_address_idx` ON `waiting_room_visitors` (`event_id`,`address_hash`);--> statement-breakpoint
CREATE TABLE `waiting_rooms` (
	`event_id` integer PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`on_sale_at` text NOT NULL,
	`rate_per_minute` integer NOT NULL,
	`finish_minutes` integer DEFAULT 10 NOT NULL,
	`cap_per_email` integer DEFAULT 4 NOT NULL,
	`cap_per_phone` integer DEFAULT 4 NOT NULL,
	`browsers_per_address` integer DEFAULT 10 NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`opened_at` text,
	`shuffle_seed` text,
	`pre_queue_count` integer DEFAULT 0 NOT NULL,
	`last_number` integer DEFAULT 0 NOT NULL,
	`admitted_through` integer DEFAULT 0 NOT NULL,
	`admit_credit` integer DEFAULT 0 NOT NULL,
	`last_admit_at` text,
	`sold_out_at` text,
	`closed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "waiting_rooms_rate_check" CHECK(rate_per_minute >= 1),
	CONSTRAINT "waiting_rooms_finish_check" CHECK(finish_minutes >= 1),
	CONSTRAINT "waiting_rooms_caps_check" CHECK(cap_per_email >= 1 and cap_per_phone >= 1 and browsers_per_address >= 1)
);
