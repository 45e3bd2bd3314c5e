-- Data requests go to the organiser (decision 055): each names the organisation whose events hold
-- the bookings. Existing requests were the one organiser's, organisation 1 (decision 051). DEFAULT 0
-- as in 0033: a row written without its organisation fails the foreign key.
ALTER TABLE `data_requests` ADD `organisation_id` integer NOT NULL DEFAULT 0 REFERENCES organisations(id);--> statement-breakpoint
UPDATE `data_requests` SET `organisation_id` = 1;--> statement-breakpoint
CREATE INDEX `data_requests_organisation_idx` ON `data_requests` (`organisation_id`,`status`,`requested_at`);--> statement-breakpoint
-- The tax identity is the organisation's row (decision 055): 0033 copied these settings into
-- organisation 1; nothing reads them any more.
DELETE FROM `settings` WHERE `key` IN ('gstLegalName', 'gstAddress', 'gstState', 'gstin');
