CREATE TABLE "group_discount_ticket_types" (
	"group_discount_id" integer NOT NULL,
	"ticket_type_id" integer NOT NULL,
	CONSTRAINT "group_discount_ticket_types_group_discount_id_ticket_type_id_pk" PRIMARY KEY("group_discount_id","ticket_type_id")
);
--> statement-breakpoint
CREATE TABLE "promo_code_ticket_types" (
	"promo_code_id" integer NOT NULL,
	"ticket_type_id" integer NOT NULL,
	CONSTRAINT "promo_code_ticket_types_promo_code_id_ticket_type_id_pk" PRIMARY KEY("promo_code_id","ticket_type_id")
);
--> statement-breakpoint
CREATE TABLE "refund_attendees" (
	"refund_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"share_paise" bigint NOT NULL,
	CONSTRAINT "refund_attendees_refund_id_registration_id_pk" PRIMARY KEY("refund_id","registration_id"),
	CONSTRAINT "refund_attendees_share_check" CHECK (share_paise >= 0)
);
--> statement-breakpoint
ALTER TABLE "group_discount_ticket_types" ADD CONSTRAINT "group_discount_ticket_types_group_discount_id_group_discounts_id_fk" FOREIGN KEY ("group_discount_id") REFERENCES "public"."group_discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_discount_ticket_types" ADD CONSTRAINT "group_discount_ticket_types_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_ticket_types" ADD CONSTRAINT "promo_code_ticket_types_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_ticket_types" ADD CONSTRAINT "promo_code_ticket_types_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_attendees" ADD CONSTRAINT "refund_attendees_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_attendees" ADD CONSTRAINT "refund_attendees_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_discount_ticket_types_type_idx" ON "group_discount_ticket_types" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE INDEX "promo_code_ticket_types_type_idx" ON "promo_code_ticket_types" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE INDEX "refund_attendees_attendee_idx" ON "refund_attendees" USING btree ("registration_id");--> statement-breakpoint
-- Decision 036: the ids the JSON arrays held become rows the database checks. A code or discount
-- that named only ticket types deleted since applied to none; with no rows it would apply to all,
-- so it is switched off instead.
INSERT INTO "promo_code_ticket_types" ("promo_code_id", "ticket_type_id")
SELECT DISTINCT p.id, t.id FROM "promo_codes" p CROSS JOIN LATERAL jsonb_array_elements_text(p.ticket_type_ids) j(v) JOIN "ticket_types" t ON t.id = j.v::integer;--> statement-breakpoint
UPDATE "promo_codes" SET "active" = false WHERE jsonb_array_length(ticket_type_ids) > 0
  AND NOT EXISTS (SELECT 1 FROM "promo_code_ticket_types" l WHERE l.promo_code_id = promo_codes.id);--> statement-breakpoint
INSERT INTO "group_discount_ticket_types" ("group_discount_id", "ticket_type_id")
SELECT DISTINCT g.id, t.id FROM "group_discounts" g CROSS JOIN LATERAL jsonb_array_elements_text(g.ticket_type_ids) j(v) JOIN "ticket_types" t ON t.id = j.v::integer;--> statement-breakpoint
UPDATE "group_discounts" SET "active" = false WHERE jsonb_array_length(ticket_type_ids) > 0
  AND NOT EXISTS (SELECT 1 FROM "group_discount_ticket_types" l WHERE l.group_discount_id = group_discounts.id);--> statement-breakpoint
-- Each attendee's share of a refund, split as services/refund-shares.ts splits it: in proportion to
-- what each paid (evenly when nobody paid), rounded down, the odd paise one each to the first.
INSERT INTO "refund_attendees" ("refund_id", "registration_id", "share_paise")
WITH links AS (
  SELECT DISTINCT r.id AS refund_id, r.amount_paise::bigint AS amount, g.id AS registration_id, g.amount_paise::bigint AS paid, g.position
  FROM "refunds" r CROSS JOIN LATERAL jsonb_array_elements_text(r.registration_ids) j(v) JOIN "registrations" g ON g.id = j.v::integer
), totals AS (
  SELECT refund_id, sum(paid)::bigint AS total, count(*) AS n FROM links GROUP BY refund_id
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
ALTER TABLE "group_discounts" DROP COLUMN "ticket_type_ids";--> statement-breakpoint
ALTER TABLE "promo_codes" DROP COLUMN "ticket_type_ids";--> statement-breakpoint
ALTER TABLE "refunds" DROP COLUMN "registration_ids";