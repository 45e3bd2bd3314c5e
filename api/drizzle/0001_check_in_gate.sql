ALTER TABLE `registrations` ADD `check_in_gate` text;--> statement-breakpoint
ALTER TABLE `registrations` ADD `checked_in_by` text;