-- Disabling is per membership (decision 057): an organisation's admin disables the person's access
-- to their organisation, not the account.
ALTER TABLE `memberships` ADD `disabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: an account disabled before was disabled by an organisation's admin (the Users
-- screen was the only way); its memberships take the fact, and the account's own flag, now the
-- platform's (and set for an account removed from its last organisation), is cleared for them.
UPDATE `memberships` SET `disabled` = 1 WHERE `staff_user_id` IN (SELECT `id` FROM `staff_users` WHERE `disabled` = 1);--> statement-breakpoint
UPDATE `staff_users` SET `disabled` = 0 WHERE `disabled` = 1 AND `id` IN (SELECT `staff_user_id` FROM `memberships`);
