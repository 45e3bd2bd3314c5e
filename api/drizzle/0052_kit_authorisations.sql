CREATE TABLE `kit_authorisations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`registration_id` integer NOT NULL,
	`collector_name` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text,
	`used_at` text,
	`check_in_id` integer,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`check_in_id`) REFERENCES `check_ins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `kit_authorisations_attendee_idx` ON `kit_authorisations` (`registration_id`);