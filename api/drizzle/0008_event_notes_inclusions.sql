CREATE INDEX `email_outbox_registration_idx` ON `email_outbox` (`registration_id`);--> statement-breakpoint
CREATE INDEX `orders_event_status_idx` ON `orders` (`event_id`,`status`,`amount_paise`);