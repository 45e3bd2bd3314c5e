CREATE TABLE `event_cancellation_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`order_id` text NOT NULL,
	`status` text DEFAULT 'to_refund' NOT NULL,
	`refund_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `event_cancellations`(`event_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "event_cancellation_orders_status_check" CHECK(status IN ('to_refund', 'refunded', 'nothing_to_refund'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_cancellation_orders_order_idx` ON `event_cancellation_orders` (`order_id`);--> statement-breakpoint
CREATE INDEX `event_cancellation_orders_event_idx` ON `event_cancellation_orders` (`event_id`,`status`);--> statement-breakpoint
CREATE TABLE `event_cancellations` (
	`event_id` integer PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`fee_paise` integer DEFAULT 0 NOT NULL,
	`cancelled_by` text NOT NULL,
	`cancelled_by_email` text NOT NULL,
	`completed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "event_cancellations_fee_check" CHECK(fee_paise >= 0)
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_events` (
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
	`pending_status` text,
	`title_hi` text,
	`title_mr` text,
	`description_hi` text,
	`description_mr` text,
	`arrival_note` text,
	`id_note` text,
	`questions` text DEFAULT '[]' NOT NULL,
	`offer_hours` integer DEFAULT 24 NOT NULL,
	`participant_fields` text DEFAULT '{}' NOT NULL,
	`self_service` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "events_status_check" CHECK(status IN ('Draft', 'Active', 'Upcoming', 'Completed', 'Cancelled')),
	CONSTRAINT "events_price_check" CHECK(price_paise >= 0),
	CONSTRAINT "events_max_participants_check" CHECK(max_participants >= 1)
);
--> statement-breakpoint
INSERT INTO `__new_events`("id", "title", "description", "date", "time", "venue", "location", "category", "max_participants", "price_paise", "image_url", "status", "organizer", "contact_email", "contact_phone", "highlights", "rules", "regulations", "pending_status", "title_hi", "title_mr", "description_hi", "description_mr", "arrival_note", "id_note", "questions", "offer_hours", "participant_fields", "self_service", "created_at", "updated_at") SELECT "id", "title", "description", "date", "time", "venue", "location", "category", "max_participants", "price_paise", "image_url", "status", "organizer", "contact_email", "contact_phone", "highlights", "rules", "regulations", "pending_status", "title_hi", "title_mr", "description_hi", "description_mr", "arrival_note", "id_note", "questions", "offer_hours", "participant_fields", "self_service", "created_at", "updated_at" FROM `events`;--> statement-breakpoint
DROP TABLE `events`;--> statement-breakpoint
ALTER TABLE `__new_events` RENAME TO `events`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `events_date_idx` ON `events` (`date`,`time`);--> statement-breakpoint
CREATE INDEX `events_status_idx` ON `events` (`status`);--> statement-breakpoint
CREATE INDEX `events_category_idx` ON `events` (`category`);--> statement-breakpoint
CREATE INDEX `events_title_sort_idx` ON `events` (lower("title"));--> statement-breakpoint
CREATE INDEX `events_location_idx` ON `events` (`location`);--> statement-breakpoint
CREATE INDEX `events_participants_idx` ON `events` (`max_participants`,`id`);--> statement-breakpoint
CREATE INDEX `events_revenue_idx` ON `events` (("price_paise" * "max_participants"),`id`);--> statement-breakpoint
ALTER TABLE `refunds` ADD `retry_of` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_retry_of_idx` ON `refunds` (`retry_of`);--> statement-breakpoint
-- Rebuilding events (its status CHECK now allows Cancelled) dropped its search triggers: restored
-- as 0003 made them (events_search keeps its rows: the ids are the same).
CREATE TRIGGER `events_search_insert` AFTER INSERT ON `events` BEGIN
  INSERT INTO `events_search` (rowid, title, location, category) VALUES (new.id, new.title, new.location, new.category);
END;--> statement-breakpoint
CREATE TRIGGER `events_search_update` AFTER UPDATE OF title, location, category ON `events` BEGIN
  DELETE FROM `events_search` WHERE rowid = old.id;
  INSERT INTO `events_search` (rowid, title, location, category) VALUES (new.id, new.title, new.location, new.category);
END;--> statement-breakpoint
CREATE TRIGGER `events_search_delete` AFTER DELETE ON `events` BEGIN
  DELETE FROM `events_search` WHERE rowid = old.id;
END;
