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
ALTER TABLE `registrations` ADD `discount_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `gst_rate` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ticket_types` ADD `gst_rate` integer DEFAULT 18 NOT NULL;