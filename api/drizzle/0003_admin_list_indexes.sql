DROP INDEX `registrations_event_idx`;--> statement-breakpoint
DROP INDEX `registrations_status_idx`;--> statement-breakpoint
CREATE INDEX `registrations_event_date_idx` ON `registrations` (`event_id`,`registration_date`);--> statement-breakpoint
CREATE INDEX `registrations_status_date_idx` ON `registrations` (`status`,`registration_date`,`payment_status`,`amount_paise`);--> statement-breakpoint
CREATE INDEX `registrations_payment_date_idx` ON `registrations` (`payment_status`,`registration_date`);--> statement-breakpoint
-- Hand-written below (drizzle-kit has no virtual tables): the registrations console's text search.
-- A trigram index over registration number, name, e-mail and phone answers "contains" for 3 or
-- more characters, case-insensitively, without reading every registration. Contentless: it holds
-- only the index, and the triggers keep it in step with every insert, edit and delete (cascades too).
CREATE VIRTUAL TABLE `registrations_search` USING fts5(registration_number, name, email, phone, tokenize = 'trigram', content = '', contentless_delete = 1);--> statement-breakpoint
INSERT INTO `registrations_search` (rowid, registration_number, name, email, phone)
  SELECT id, registration_number, first_name || ' ' || last_name, email, phone FROM `registrations`;--> statement-breakpoint
CREATE TRIGGER `registrations_search_insert` AFTER INSERT ON `registrations` BEGIN
  INSERT INTO `registrations_search` (rowid, registration_number, name, email, phone)
    VALUES (new.id, new.registration_number, new.first_name || ' ' || new.last_name, new.email, new.phone);
END;--> statement-breakpoint
CREATE TRIGGER `registrations_search_update` AFTER UPDATE OF registration_number, first_name, last_name, email, phone ON `registrations` BEGIN
  DELETE FROM `registrations_search` WHERE rowid = old.id;
  INSERT INTO `registrations_search` (rowid, registration_number, name, email, phone)
    VALUES (new.id, new.registration_number, new.first_name || ' ' || new.last_name, new.email, new.phone);
END;--> statement-breakpoint
CREATE TRIGGER `registrations_search_delete` AFTER DELETE ON `registrations` BEGIN
  DELETE FROM `registrations_search` WHERE rowid = old.id;
END;
