-- The order as a state machine (ADR-023): payment and delivery state, each a column with a CHECK.
-- `status` becomes `payment_status` and `fulfillment_status` becomes `delivery_status`; every value
-- found is mapped (case and spaces ignored), values nobody knows land where staff look at them.
DROP INDEX IF EXISTS "orders_status_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_fulfillment_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_status_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_transfers_waiting_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_to_deliver_idx";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "status" TO "payment_status";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "fulfillment_status" TO "delivery_status";--> statement-breakpoint
UPDATE "orders" SET
	"payment_status" = CASE lower(btrim("payment_status"))
		WHEN 'payment_pending' THEN 'awaiting_payment'
		WHEN 'processing' THEN 'awaiting_payment'
		WHEN 'pending' THEN 'awaiting_confirmation'
		WHEN 'completed' THEN 'paid'
		WHEN 'paid' THEN 'paid'
		WHEN 'success' THEN 'paid'
		WHEN 'failed' THEN 'failed'
		WHEN 'expired' THEN 'expired'
		WHEN 'cancelled' THEN 'cancelled'
		WHEN 'canceled' THEN 'cancelled'
		WHEN 'refunded' THEN 'refunded'
		WHEN 'partly_refunded' THEN 'partly_refunded'
		-- Unknown: shown as "Payment Status Unknown" until now; staff decide.
		ELSE 'awaiting_confirmation'
	END,
	"delivery_status" = CASE lower(btrim("delivery_status"))
		WHEN 'preparing' THEN 'preparing'
		WHEN 'activating' THEN 'activating'
		WHEN 'ready_for_delivery' THEN 'ready_for_delivery'
		WHEN 'delivered' THEN 'delivered'
		WHEN 'completed' THEN 'completed'
		-- 'pending' and anything the tracker did not know (it showed those as the first step).
		ELSE 'pending'
	END;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_status" SET DEFAULT 'awaiting_payment';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery_status" SET DEFAULT 'pending';--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_status");--> statement-breakpoint
CREATE INDEX "orders_delivery_status_created_idx" ON "orders" USING btree ("delivery_status","created_at");--> statement-breakpoint
CREATE INDEX "orders_payment_status_created_idx" ON "orders" USING btree ("payment_status","created_at");--> statement-breakpoint
CREATE INDEX "orders_transfers_waiting_idx" ON "orders" ("receipt_uploaded_at") WHERE "payment_status" = 'awaiting_confirmation' AND "receipt_path" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_to_deliver_idx" ON "orders" ("paid_at") WHERE "payment_status" = 'paid' AND "delivery_status" IN ('pending', 'preparing', 'activating', 'ready_for_delivery');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('awaiting_payment', 'awaiting_confirmation', 'paid', 'failed', 'expired', 'cancelled', 'partly_refunded', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_status_check" CHECK ("orders"."delivery_status" in ('pending', 'preparing', 'activating', 'ready_for_delivery', 'delivered', 'completed'));
