ALTER TABLE "events" ADD COLUMN "convenience_fee_kind" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "convenience_fee_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "fee_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "fee_gst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "commission_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_attendees" ADD COLUMN "fee_share_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "fee_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "fee_gst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "commission_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "fee_refunded_paise" bigint DEFAULT 0 NOT NULL;