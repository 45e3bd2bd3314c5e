DROP INDEX `events_revenue_idx`;--> statement-breakpoint
ALTER TABLE `events` ADD `taken_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `events_date_list_idx` ON `events` (`date`,`time`,`id`,`title`,`status`);--> statement-breakpoint
CREATE INDEX `events_taken_idx` ON `events` (`taken_paise`,`id`);--> statement-breakpoint
-- Hand-written (decision 041): the money taken per event (services/money-taken.ts), kept by the
-- database in the transaction of every change to an attendee's payment state, price or refund.
CREATE TRIGGER `registrations_taken_insert` AFTER INSERT ON `registrations` BEGIN
  UPDATE `events` SET `taken_paise` = `taken_paise` + (CASE WHEN NEW.payment_status IN ('Paid', 'Refunded') THEN NEW.amount_paise - NEW.refunded_paise ELSE 0 END) WHERE `id` = NEW.event_id;
END;--> statement-breakpoint
CREATE TRIGGER `registrations_taken_delete` AFTER DELETE ON `registrations` BEGIN
  UPDATE `events` SET `taken_paise` = `taken_paise` - (CASE WHEN OLD.payment_status IN ('Paid', 'Refunded') THEN OLD.amount_paise - OLD.refunded_paise ELSE 0 END) WHERE `id` = OLD.event_id;
END;--> statement-breakpoint
CREATE TRIGGER `registrations_taken_update` AFTER UPDATE OF payment_status, amount_paise, refunded_paise, event_id ON `registrations` BEGIN
  UPDATE `events` SET `taken_paise` = `taken_paise` - (CASE WHEN OLD.payment_status IN ('Paid', 'Refunded') THEN OLD.amount_paise - OLD.refunded_paise ELSE 0 END) WHERE `id` = OLD.event_id;
  UPDATE `events` SET `taken_paise` = `taken_paise` + (CASE WHEN NEW.payment_status IN ('Paid', 'Refunded') THEN NEW.amount_paise - NEW.refunded_paise ELSE 0 END) WHERE `id` = NEW.event_id;
END;--> statement-breakpoint
UPDATE `events` SET `taken_paise` = (SELECT coalesce(sum(CASE WHEN `payment_status` IN ('Paid', 'Refunded') THEN `amount_paise` - `refunded_paise` ELSE 0 END), 0) FROM `registrations` WHERE `registrations`.`event_id` = `events`.`id`);
