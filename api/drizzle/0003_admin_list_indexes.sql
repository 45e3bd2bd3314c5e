DROP INDEX `registrations_event_idx`;--> statement-breakpoint
DROP INDEX `registrations_status_idx`;--> statement-breakpoint
CREATE INDEX `registrations_event_date_idx` ON `registrations` (`event_id`,`registration_date`);--> statement-breakpoint
CREATE INDEX `registrations_status_date_idx` ON `registrations` (`status`,`registration_date`,`payment_status`,`amount_paise`);--> statement-breakpoint
CREATE INDEX `registrations_payment_date_idx` ON `registrations` (`payment_status`,`registration_date`);--> statement-breakpoint
CREATE INDEX `events_title_sort_idx` ON `events` (lower("title"));--> statement-breakpoint
CREATE INDEX `events_location_idx` ON `events` (`location`);--> statement-breakpoint
CREATE INDEX `events_participants_idx` ON `events` (`max_participants`);--> statement-breakpoint
CREATE INDEX `events_revenue_idx` ON `events` (("price_paise" * "max_participants"));--> statement-breakpoint
CREATE INDEX `ticket_types_created_idx` ON `ticket_types` (`created_at`);--> statement-breakpoint
CREATE INDEX `ticket_types_window_idx` ON `ticket_types` (`valid_until`,`valid_from`);--> statement-breakpoint
CREATE INDEX `ticket_types_summary_idx` ON `ticket_types` (`status`,`quantity`,`sold`,`price_paise`);--> statement-breakpoint
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
--> statement-breakpoint
-- The same for Events Management's search (title, city, category) and Tickets Management's
-- (ticket name and category here; the event's name through events_search).
CREATE VIRTUAL TABLE `events_search` USING fts5(title, location, category, tokenize = 'trigram', content = '', contentless_delete = 1);--> statement-breakpoint
INSERT INTO `events_search` (rowid, title, location, category) SELECT id, title, location, category FROM `events`;--> statement-breakpoint
CREATE TRIGGER `events_search_insert` AFTER INSERT ON `events` BEGIN
  INSERT INTO `events_search` (rowid, title, location, category) VALUES (new.id, new.title, new.location, new.category);
END;--> statement-breakpoint
CREATE TRIGGER `events_search_update` AFTER UPDATE OF title, location, category ON `events` BEGIN
  DELETE FROM `events_search` WHERE rowid = old.id;
  INSERT INTO `events_search` (rowid, title, location, category) VALUES (new.id, new.title, new.location, new.category);
END;--> statement-breakpoint
CREATE TRIGGER `events_search_delete` AFTER DELETE ON `events` BEGIN
  DELETE FROM `events_search` WHERE rowid = old.id;
END;--> statement-breakpoint
CREATE VIRTUAL TABLE `ticket_types_search` USING fts5(name, category, tokenize = 'trigram', content = '', contentless_delete = 1);--> statement-breakpoint
INSERT INTO `ticket_types_search` (rowid, name, category) SELECT id, name, category FROM `ticket_types`;--> statement-breakpoint
CREATE TRIGGER `ticket_types_search_insert` AFTER INSERT ON `ticket_types` BEGIN
  INSERT INTO `ticket_types_search` (rowid, name, category) VALUES (new.id, new.name, new.category);
END;--> statement-breakpoint
CREATE TRIGGER `ticket_types_search_update` AFTER UPDATE OF name, category ON `ticket_types` BEGIN
  DELETE FROM `ticket_types_search` WHERE rowid = old.id;
  INSERT INTO `ticket_types_search` (rowid, name, category) VALUES (new.id, new.name, new.category);
END;--> statement-breakpoint
CREATE TRIGGER `ticket_types_search_delete` AFTER DELETE ON `ticket_types` BEGIN
  DELETE FROM `ticket_types_search` WHERE rowid = old.id;
END;
