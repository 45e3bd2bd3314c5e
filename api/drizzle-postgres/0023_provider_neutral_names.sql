ALTER TABLE "orders" RENAME COLUMN "payment_session_id" TO "provider_session_id";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "cf_payment_id" TO "provider_payment_id";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "orders_cf_payment_id_unique" TO "orders_provider_payment_id_unique";