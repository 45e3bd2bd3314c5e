ALTER TABLE `events` ADD `convenience_fee_kind` text;--> statement-breakpoint
ALTER TABLE `events` ADD `convenience_fee_value` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `fee_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `fee_gst_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `commission_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `refund_attendees` ADD `fee_share_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `fee_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `fee_gst_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `commission_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `fee_refunded_paise` integer DEFAULT 0 NOT NULL;