CREATE TABLE `group_discount_ticket_types` (
	`group_discount_id` integer NOT NULL,
	`ticket_type_id` integer NOT NULL,
	PRIMARY KEY(`group_discount_id`, `ticket_type_id`),
	FOREIGN KEY (`group_discount_id`) REFERENCES `group_discounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_type_id`) REFERENCES `ticket_types`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `group_discount_ticket_types_type_idx` ON `group_discount_ticket_types` (`ticket_type_id`);--> statement-breakpoint
CREATE TABLE `promo_code_ticket_types` (
	`promo_code_id` integer NOT NULL,
	`ticket_type_id` integer NOT NULL,
	PRIMARY KEY(`promo_code_id`, `ticket_type_id`),
	FOREIGN KEY (`promo_code_id`) REFERENCES `promo_codes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_type_id`) REFERENCES `ticket_types`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `promo_code_ticket_types_type_idx` ON `promo_code_ticket_types` (`ticket_type_id`);--> statement-breakpoint
CREATE TABLE `refund_attendees` (
	`refund_id` integer NOT NULL,
	`registration_id` integer NOT NULL,
	`share_paise` integer NOT NULL,
	PRIMARY KEY(`refund_id`, `registration_id`),
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "refund_attendees_share_check" CHECK(share_paise >= 0)
);
--> statement-breakpoint
CREATE INDEX `refund_attendees_attendee_idx` ON `refund_attendees` (`registration_id`);--> statement-breakpoint
-- Decision 036: the ids the JSON arrays held become rows the database checks. A code or discount
-- that named only ticket types deleted since applied to none; with no rows it would apply to all,
-- so it is switched off instead.
INSERT INTO `promo_code_ticket_types` (`promo_code_id`, `ticket_type_id`)
SELECT DISTINCT p.id, t.id FROM `promo_codes` p, json_each(p.ticket_type_ids) j JOIN `ticket_types` t ON t.id = j.value;--> statement-breakpoint
UPDATE `promo_codes` SET `active` = 0 WHERE json_array_length(ticket_type_ids) > 0
  AND NOT EXISTS (SELECT 1 FROM `promo_code_ticket_types` l WHERE l.promo_code_id = promo_codes.id);--> statement-breakpoint
INSERT INTO `group_discount_ticket_types` (`group_discount_id`, `ticket_type_id`)
SELECT DISTINCT g.id, t.id FROM `group_discounts` g, json_each(g.ticket_type_ids) j JOIN `ticket_types` t ON t.id = j.value;--> statement-breakpoint
UPDATE `group_discounts` SET `active` = 0 WHERE json_array_length(ticket_type_ids) > 0
  AND NOT EXISTS (SELECT 1 FROM `group_discount_ticket_types` l WHERE l.group_discount_id = group_discounts.id);--> statement-breakpoint
-- Each attendee's share of a refund, split as services/refund-shares.ts splits it: in proportion to
-- what each paid (evenly when nobody paid), rounded down, the odd paise one each to the first.
INSERT INTO `refund_attendees` (`refund_id`, `registration_id`, `share_paise`)
WITH links AS (
  SELECT DISTINCT r.id AS refund_id, r.amount_paise AS amount, g.id AS registration_id, g.amount_paise AS paid, g.position
  FROM `refunds` r, json_each(r.registration_ids) j JOIN `registrations` g ON g.id = j.value
), totals AS (
  SELECT refund_id, sum(paid) AS total, count(*) AS n FROM links GROUP BY refund_id
), floors AS (
  SELECT l.refund_id, l.registration_id, l.amount,
    CASE WHEN t.total = 0 THEN l.amount / t.n ELSE (l.amount * l.paid) / t.total END AS share,
    row_number() OVER (PARTITION BY l.refund_id ORDER BY l.position, l.registration_id) - 1 AS place
  FROM links l JOIN totals t ON t.refund_id = l.refund_id
), odd AS (
  SELECT refund_id, max(amount) - sum(share) AS left_over FROM floors GROUP BY refund_id
)
SELECT f.refund_id, f.registration_id, f.share + CASE WHEN f.place < o.left_over THEN 1 ELSE 0 END
FROM floors f JOIN odd o ON o.refund_id = f.refund_id;--> statement-breakpoint
ALTER TABLE `group_discounts` DROP COLUMN `ticket_type_ids`;--> statement-breakpoint
ALTER TABLE `promo_codes` DROP COLUMN `ticket_type_ids`;--> statement-breakpoint
ALTER TABLE `refunds` DROP COLUMN `registration_ids`;