CREATE TABLE `group_discounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`name` text NOT NULL,
	`min_quantity` integer NOT NULL,
	`percent` integer NOT NULL,
	`ticket_type_ids` text DEFAULT '[]' NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `group_discounts_event_idx` ON `group_discounts` (`event_id`);--> statement-breakpoint
CREATE TABLE `invoice_counters` (
	`series` text PRIMARY KEY NOT NULL,
	`last_number` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`kind` text NOT NULL,
	`series` text NOT NULL,
	`sequence` integer NOT NULL,
	`order_id` text NOT NULL,
	`invoice_id` integer,
	`refund_id` integer,
	`event_id` integer,
	`issued_at` text NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_email` text NOT NULL,
	`buyer_gstin` text,
	`buyer_business_name` text,
	`buyer_address` text,
	`tax_mode` text NOT NULL,
	`place_of_supply` text NOT NULL,
	`supplier` text NOT NULL,
	`lines` text NOT NULL,
	`taxable_paise` integer NOT NULL,
	`cgst_paise` integer NOT NULL,
	`sgst_paise` integer NOT NULL,
	`igst_paise` integer NOT NULL,
	`total_paise` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_series_sequence_idx` ON `invoices` (`series`,`sequence`);--> statement-breakpoint
CREATE INDEX `invoices_order_idx` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE INDEX `invoices_issued_idx` ON `invoices` (`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_event_idx` ON `invoices` (`event_id`,`issued_at`);--> statement-breakpoint
ALTER TABLE `events` ADD `recognised_sport` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `gst_state` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `gross_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `group_discount_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `promo_discount_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `net_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `taxable_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `cgst_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `sgst_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `igst_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `gst_rate` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `exempt_quantity` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_mode` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `place_of_supply` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `supplier_state` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `buyer_gstin` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `buyer_business_name` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `buyer_address` text;--> statement-breakpoint
ALTER TABLE `registrations` ADD `discount_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `gst_rate` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `gst_rate` integer DEFAULT 18 NOT NULL;