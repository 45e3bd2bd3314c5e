DROP INDEX `registrations_status_date_idx`;--> statement-breakpoint
DROP INDEX `registrations_payment_date_idx`;--> statement-breakpoint
DROP INDEX `registrations_date_idx`;--> statement-breakpoint
CREATE INDEX `registrations_status_date_idx` ON `registrations` (`organisation_id`,`on_hold`,`status`,`registration_date`,`id`,`payment_status`);--> statement-breakpoint
CREATE INDEX `registrations_payment_date_idx` ON `registrations` (`organisation_id`,`on_hold`,`payment_status`,`registration_date`,`id`);--> statement-breakpoint
CREATE INDEX `registrations_date_idx` ON `registrations` (`organisation_id`,`on_hold`,`registration_date`,`id`);