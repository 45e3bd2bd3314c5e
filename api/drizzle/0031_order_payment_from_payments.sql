-- Decision 036: the payment that paid an order is read from `payments`. A paid order without a
-- payment row (an install older than the data upgrade that wrote them) gets one from the columns
-- this migration drops, as that upgrade wrote it; then the order's copies go.
INSERT INTO `payments` (`order_id`, `provider_payment_id`, `amount_paise`, `method`, `status`, `paid_at`, `created_at`)
SELECT o.`id`,
  CASE WHEN EXISTS (SELECT 1 FROM `payments` q WHERE q.`provider_payment_id` = o.`provider_payment_id`) THEN NULL ELSE o.`provider_payment_id` END,
  o.`amount_paise`, COALESCE(o.`payment_method`, 'Online'), 'SUCCESS', o.`updated_at`, o.`updated_at`
FROM `orders` o
WHERE o.`status` IN ('PAID', 'REFUND_REQUIRED')
  AND NOT EXISTS (SELECT 1 FROM `payments` p WHERE p.`order_id` = o.`id`);--> statement-breakpoint
DROP INDEX `orders_provider_payment_id_unique`;--> statement-breakpoint
ALTER TABLE `orders` DROP COLUMN `provider_payment_id`;--> statement-breakpoint
ALTER TABLE `orders` DROP COLUMN `payment_method`;