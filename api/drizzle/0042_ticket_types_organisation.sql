-- Decision 059: a ticket type's organisation is its event's, by a composite foreign key to events'
-- (id, organisation_id) (its unique index from 0041); SQLite adds it by rebuilding the table.
DROP INDEX `events_organisation_idx`;--> statement-breakpoint
CREATE INDEX `events_public_category_idx` ON `events` (lower("category"),`date`,`time`,`id`);--> statement-breakpoint
CREATE INDEX `events_organisation_idx` ON `events` (`organisation_id`,`date`,`time`,`id`,`title`,`status`,`taken_paise`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_ticket_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`organisation_id` integer NOT NULL,
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
	`min_age` integer,
	`max_age` integer,
	`gender` text,
	`team_min` integer,
	`team_max` integer,
	`team_pricing` text DEFAULT 'member' NOT NULL,
	`inclusions` text DEFAULT '[]' NOT NULL,
	`gst_rate` integer DEFAULT 18 NOT NULL,
	`bib_from` integer,
	`bib_to` integer,
	`max_per_order` integer DEFAULT 10 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`,`organisation_id`) REFERENCES `events`(`id`,`organisation_id`) ON UPDATE cascade ON DELETE cascade,
	CONSTRAINT "ticket_types_status_check" CHECK(status IN ('Active', 'Upcoming')),
	CONSTRAINT "ticket_types_price_check" CHECK(price_paise >= 0),
	CONSTRAINT "ticket_types_counts_check" CHECK(quantity >= 0 AND sold >= 0 AND held >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_ticket_types`("id", "event_id", "organisation_id", "name", "description", "price_paise", "quantity", "sold", "held", "valid_from", "valid_until", "status", "category", "min_age", "max_age", "gender", "team_min", "team_max", "team_pricing", "inclusions", "gst_rate", "bib_from", "bib_to", "max_per_order", "created_at", "updated_at") SELECT "id", "event_id", (SELECT `events`.`organisation_id` FROM `events` WHERE `events`.`id` = `ticket_types`.`event_id`), "name", "description", "price_paise", "quantity", "sold", "held", "valid_from", "valid_until", "status", "category", "min_age", "max_age", "gender", "team_min", "team_max", "team_pricing", "inclusions", "gst_rate", "bib_from", "bib_to", "max_per_order", "created_at", "updated_at" FROM `ticket_types`;--> statement-breakpoint
DROP TABLE `ticket_types`;--> statement-breakpoint
ALTER TABLE `__new_ticket_types` RENAME TO `ticket_types`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `ticket_types_event_idx` ON `ticket_types` (`event_id`,`status`);--> statement-breakpoint
CREATE INDEX `ticket_types_created_idx` ON `ticket_types` (`organisation_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `ticket_types_window_idx` ON `ticket_types` (`valid_until`,`valid_from`);--> statement-breakpoint
CREATE INDEX `ticket_types_summary_idx` ON `ticket_types` (`organisation_id`,`status`,`quantity`,`sold`,`held`,`valid_from`,`valid_until`,`bib_from`,`bib_to`);--> statement-breakpoint
-- Hand-written: the rebuild dropped the name search's triggers (0003, 0023): the same three again.
CREATE TRIGGER `ticket_types_search_insert` AFTER INSERT ON `ticket_types` BEGIN
  INSERT INTO `ticket_types_search` (rowid, name, category) VALUES (new.id, new.name, new.category);
END;--> statement-breakpoint
CREATE TRIGGER `ticket_types_search_update` AFTER UPDATE OF name, category ON `ticket_types` BEGIN
  DELETE FROM `ticket_types_search` WHERE rowid = old.id;
  INSERT INTO `ticket_types_search` (rowid, name, category) VALUES (new.id, new.name, new.category);
END;--> statement-breakpoint
CREATE TRIGGER `ticket_types_search_delete` AFTER DELETE ON `ticket_types` BEGIN
  DELETE FROM `ticket_types_search` WHERE rowid = old.id;
END;
