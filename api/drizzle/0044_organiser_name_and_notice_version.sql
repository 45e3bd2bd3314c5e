-- Decision 061. The event's free-text organiser name goes: the organiser is the event's organisation.
-- A text that said something else than its organisation's display name is kept in the audit log
-- (the system's entry under the organisation, entity event) before the column is dropped.
INSERT INTO `audit_log` (`actor_user_id`, `actor_email`, `organisation_id`, `action`, `entity`, `entity_id`, `detail`)
SELECT NULL, 'system', e.`organisation_id`, 'update', 'event', CAST(e.`id` AS text),
  json_object('changes', json_object('organizer', json_object('from', e.`organizer`, 'to', o.`display_name`)), 'reason', 'The organiser is the event''s organisation (decision 061)')
FROM `events` e JOIN `organisations` o ON o.`id` = e.`organisation_id`
WHERE e.`organizer` <> '' AND e.`organizer` <> o.`display_name`;--> statement-breakpoint
ALTER TABLE `organisations` ADD `notice_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `consent_organiser_notice_version` integer;--> statement-breakpoint
ALTER TABLE `events` DROP COLUMN `organizer`;
