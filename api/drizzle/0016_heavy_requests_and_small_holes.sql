ALTER TABLE `newsletter_subscribers` ADD `language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_token_hash` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_sent_at` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirmed_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_confirm_token_hash_unique` ON `newsletter_subscribers` (`confirm_token_hash`);