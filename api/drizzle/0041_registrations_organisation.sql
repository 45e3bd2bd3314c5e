-- Decision 059: an attendee's organisation is its event's, by a composite foreign key on
-- (event_id, organisation_id) to events' (id, organisation_id), cascading a change of the event's
-- organisation. SQLite adds a table constraint only by rebuilding the table; the parent key's
-- unique index comes first.
CREATE UNIQUE INDEX `events_organisation_key_idx` ON `events` (`id`,`organisation_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`registration_number` text NOT NULL,
	`booking_reference` text DEFAULT '' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`details_missing` integer DEFAULT false NOT NULL,
	`on_hold` integer DEFAULT false NOT NULL,
	`bib` integer,
	`answers` text DEFAULT '{}' NOT NULL,
	`order_id` text,
	`event_id` integer NOT NULL,
	`organisation_id` integer NOT NULL,
	`ticket_id` integer,
	`ticket_name` text NOT NULL,
	`ticket_price_paise` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`amount_paise` integer NOT NULL,
	`refunded_paise` integer DEFAULT 0 NOT NULL,
	`discount_paise` integer DEFAULT 0 NOT NULL,
	`gst_rate` integer DEFAULT 0 NOT NULL,
	`promo_code_id` integer,
	`promo_discount_paise` integer DEFAULT 0 NOT NULL,
	`registration_date` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`status` text DEFAULT 'Pending' NOT NULL,
	`payment_status` text DEFAULT 'Pending' NOT NULL,
	`payment_method` text DEFAULT '' NOT NULL,
	`transaction_id` text DEFAULT '' NOT NULL,
	`qr_code` text NOT NULL,
	`ticket_downloaded` integer DEFAULT false NOT NULL,
	`email_sent` integer DEFAULT false NOT NULL,
	`whatsapp_sent` integer DEFAULT false NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`first_name` text DEFAULT 'Guest' NOT NULL,
	`last_name` text DEFAULT 'User' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`date_of_birth` text,
	`gender` text DEFAULT '' NOT NULL,
	`emergency_contact_name` text DEFAULT '' NOT NULL,
	`emergency_contact_phone` text DEFAULT '' NOT NULL,
	`medical_conditions` text DEFAULT '' NOT NULL,
	`dietary_restrictions` text DEFAULT '' NOT NULL,
	`previous_experience` text DEFAULT '' NOT NULL,
	`team_name` text DEFAULT '' NOT NULL,
	`shirt_size` text DEFAULT '' NOT NULL,
	`blood_group` text DEFAULT '' NOT NULL,
	`consent_notice_version` integer,
	`consent_at` text,
	`guardian_name` text DEFAULT '' NOT NULL,
	`guardian_relation` text DEFAULT '' NOT NULL,
	`guardian_phone` text DEFAULT '' NOT NULL,
	`guardian_consent_at` text,
	`erased_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `ticket_types`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`,`organisation_id`) REFERENCES `events`(`id`,`organisation_id`) ON UPDATE cascade ON DELETE cascade,
	CONSTRAINT "registrations_status_check" CHECK(status IN ('Pending', 'Confirmed', 'Cancelled', 'Checked-In', 'No-Show')),
	CONSTRAINT "registrations_payment_status_check" CHECK(payment_status IN ('Paid', 'Pending', 'Failed', 'Refunded')),
	CONSTRAINT "registrations_amounts_check" CHECK(amount_paise >= 0 AND ticket_price_paise >= 0 AND quantity >= 1)
);
--> statement-breakpoint
INSERT INTO `__new_registrations`("id", "registration_number", "booking_reference", "position", "details_missing", "on_hold", "bib", "answers", "order_id", "event_id", "organisation_id", "ticket_id", "ticket_name", "ticket_price_paise", "quantity", "amount_paise", "refunded_paise", "discount_paise", "gst_rate", "promo_code_id", "promo_discount_paise", "registration_date", "status", "payment_status", "payment_method", "transaction_id", "qr_code", "ticket_downloaded", "email_sent", "whatsapp_sent", "notes", "first_name", "last_name", "email", "phone", "date_of_birth", "gender", "emergency_contact_name", "emergency_contact_phone", "medical_conditions", "dietary_restrictions", "previous_experience", "team_name", "shirt_size", "blood_group", "consent_notice_version", "consent_at", "guardian_name", "guardian_relation", "guardian_phone", "guardian_consent_at", "erased_at", "created_at", "updated_at") SELECT "id", "registration_number", "booking_reference", "position", "details_missing", "on_hold", "bib", "answers", "order_id", "event_id", (SELECT `events`.`organisation_id` FROM `events` WHERE `events`.`id` = `registrations`.`event_id`), "ticket_id", "ticket_name", "ticket_price_paise", "quantity", "amount_paise", "refunded_paise", "discount_paise", "gst_rate", "promo_code_id", "promo_discount_paise", "registration_date", "status", "payment_status", "payment_method", "transaction_id", "qr_code", "ticket_downloaded", "email_sent", "whatsapp_sent", "notes", "first_name", "last_name", "email", "phone", "date_of_birth", "gender", "emergency_contact_name", "emergency_contact_phone", "medical_conditions", "dietary_restrictions", "previous_experience", "team_name", "shirt_size", "blood_group", "consent_notice_version", "consent_at", "guardian_name", "guardian_relation", "guardian_phone", "guardian_consent_at", "erased_at", "created_at", "updated_at" FROM `registrations`;--> statement-breakpoint
DROP TABLE `registrations`;--> statement-breakpoint
ALTER TABLE `__new_registrations` RENAME TO `registrations`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_registration_number_unique` ON `registrations` (`registration_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_order_idx` ON `registrations` (`order_id`,`position`);--> statement-breakpoint
CREATE INDEX `registrations_promo_idx` ON `registrations` (`promo_code_id`);--> statement-breakpoint
CREATE INDEX `registrations_booking_idx` ON `registrations` (`booking_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_bib_idx` ON `registrations` (`event_id`,`bib`);--> statement-breakpoint
CREATE INDEX `registrations_event_date_idx` ON `registrations` (`event_id`,`registration_date`);--> statement-breakpoint
CREATE INDEX `registrations_status_date_idx` ON `registrations` (`organisation_id`,`status`,`registration_date`,`payment_status`,`amount_paise`);--> statement-breakpoint
CREATE INDEX `registrations_payment_date_idx` ON `registrations` (`organisation_id`,`payment_status`,`registration_date`);--> statement-breakpoint
CREATE INDEX `registrations_date_idx` ON `registrations` (`organisation_id`,`registration_date`,`id`);--> statement-breakpoint
CREATE INDEX `registrations_stats_idx` ON `registrations` (`organisation_id`,`on_hold`,`status`,`payment_status`,`amount_paise`,`refunded_paise`);--> statement-breakpoint
CREATE INDEX `registrations_ticket_idx` ON `registrations` (`ticket_id`);--> statement-breakpoint
CREATE INDEX `registrations_on_hold_idx` ON `registrations` (`order_id`) WHERE "registrations"."on_hold";--> statement-breakpoint
-- Hand-written: the rebuild dropped registrations' triggers, the text search's (0003) and the money
-- taken's (0030); the same six again. The search index keeps its rows (the ids are the same).
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
END;--> statement-breakpoint
CREATE TRIGGER `registrations_taken_insert` AFTER INSERT ON `registrations` BEGIN
  UPDATE `events` SET `taken_paise` = `taken_paise` + (CASE WHEN NEW.payment_status IN ('Paid', 'Refunded') THEN NEW.amount_paise - NEW.refunded_paise ELSE 0 END) WHERE `id` = NEW.event_id;
END;--> statement-breakpoint
CREATE TRIGGER `registrations_taken_delete` AFTER DELETE ON `registrations` BEGIN
  UPDATE `events` SET `taken_paise` = `taken_paise` - (CASE WHEN OLD.payment_status IN ('Paid', 'Refunded') THEN OLD.amount_paise - OLD.refunded_paise ELSE 0 END) WHERE `id` = OLD.event_id;
END;--> statement-breakpoint
CREATE TRIGGER `registrations_taken_update` AFTER UPDATE OF payment_status, amount_paise, refunded_paise, event_id ON `registrations` BEGIN
  UPDATE `events` SET `taken_paise` = `taken_paise` - (CASE WHEN OLD.payment_status IN ('Paid', 'Refunded') THEN OLD.amount_paise - OLD.refunded_paise ELSE 0 END) WHERE `id` = OLD.event_id;
  UPDATE `events` SET `taken_paise` = `taken_paise` + (CASE WHEN NEW.payment_status IN ('Paid', 'Refunded') THEN NEW.amount_paise - NEW.refunded_paise ELSE 0 END) WHERE `id` = NEW.event_id;
END;
