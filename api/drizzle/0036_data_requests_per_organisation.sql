-- Data requests go to the organiser (decision 055): each names the organisation whose events hold
-- the bookings. Existing requests were the one organiser's, organisation 1 (decision 051). DEFAULT 0
-- as in 0033: a row written without its organisation fails the foreign key.
ALTER TABLE `data_requests` ADD `organisation_id` integer NOT NULL DEFAULT 0 REFERENCES organisations(id);--> statement-breakpoint
UPDATE `data_requests` SET `organisation_id` = 1;--> statement-breakpoint
CREATE INDEX `data_requests_organisation_idx` ON `data_requests` (`organisation_id`,`status`,`requested_at`);--> statement-breakpoint
-- The tax identity is the organisation's row (decision 055): 0033 copied these settings into
-- organisation 1; nothing reads them any more.
DELETE FROM `settings` WHERE `key` IN ('gstLegalName', 'gstAddress', 'gstState', 'gstin');
--> statement-breakpoint
-- The privacy notice names the event's organiser as the one collecting the data (decision 055): where
-- attendees consented to the old words, it is a new version (a fresh database starts at 1).
UPDATE `settings` SET `value` = CAST(`value` AS INTEGER) + 1
WHERE `key` = 'privacyNoticeVersion' AND EXISTS (SELECT 1 FROM `registrations` WHERE `consent_notice_version` IS NOT NULL);--> statement-breakpoint
INSERT INTO `settings` (`key`, `value`)
SELECT 'privacyNoticeVersion', '2'
WHERE NOT EXISTS (SELECT 1 FROM `settings` WHERE `key` = 'privacyNoticeVersion')
  AND EXISTS (SELECT 1 FROM `registrations` WHERE `consent_notice_version` IS NOT NULL);
