CREATE TABLE `result_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`organisation_id` integer NOT NULL,
	`number` integer NOT NULL,
	`rows` integer NOT NULL,
	`created_by_email` text NOT NULL,
	`published_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`,`organisation_id`) REFERENCES `events`(`id`,`organisation_id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `result_versions_event_number_idx` ON `result_versions` (`event_id`,`number`);--> statement-breakpoint
CREATE TABLE `results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version_id` integer NOT NULL,
	`registration_id` integer NOT NULL,
	`race_id` integer NOT NULL,
	`bib` integer NOT NULL,
	`line` integer NOT NULL,
	`status` text NOT NULL,
	`gun_tenths` integer,
	`net_tenths` integer,
	`splits` text DEFAULT '[]' NOT NULL,
	`category` text NOT NULL,
	`withheld` integer DEFAULT false NOT NULL,
	`withheld_reason` text DEFAULT '' NOT NULL,
	`rank_overall` integer,
	`rank_gender` integer,
	`rank_category` integer,
	FOREIGN KEY (`version_id`) REFERENCES `result_versions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "results_status_check" CHECK(status IN ('finisher', 'DNF', 'DNS', 'DQ'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `results_version_bib_idx` ON `results` (`version_id`,`bib`);--> statement-breakpoint
CREATE UNIQUE INDEX `results_version_registration_idx` ON `results` (`version_id`,`registration_id`);--> statement-breakpoint
CREATE INDEX `results_version_race_rank_idx` ON `results` (`version_id`,`race_id`,`rank_overall`,`id`);--> statement-breakpoint
CREATE INDEX `results_version_category_idx` ON `results` (`version_id`,`race_id`,`category`,`rank_category`,`id`);--> statement-breakpoint
CREATE INDEX `results_registration_idx` ON `results` (`registration_id`);--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `age_groups` text;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `distance_m` integer;