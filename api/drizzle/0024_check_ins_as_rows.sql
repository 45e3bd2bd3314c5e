CREATE TABLE `check_ins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`registration_id` integer NOT NULL,
	`list` text DEFAULT 'entry' NOT NULL,
	`gate` text,
	`device` text,
	`staff_email` text NOT NULL,
	`via` text NOT NULL,
	`checked_in_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "check_ins_via_check" CHECK(via IN ('online', 'synced', 'earlier'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `check_ins_attendee_list_idx` ON `check_ins` (`registration_id`,`list`);--> statement-breakpoint
CREATE INDEX `check_ins_list_gate_idx` ON `check_ins` (`list`,`gate`);--> statement-breakpoint
-- Every check-in recorded on its attendee becomes a row of the gate's list (decision 036).
INSERT INTO `check_ins` (`registration_id`, `list`, `gate`, `staff_email`, `via`, `checked_in_at`)
SELECT `id`, 'entry', `check_in_gate`, coalesce(`checked_in_by`, ''), 'earlier', `check_in_time`
FROM `registrations` WHERE `check_in_time` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` DROP COLUMN `check_in_time`;--> statement-breakpoint
ALTER TABLE `registrations` DROP COLUMN `check_in_gate`;--> statement-breakpoint
ALTER TABLE `registrations` DROP COLUMN `checked_in_by`;