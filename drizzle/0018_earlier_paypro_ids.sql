-- A new PayPro order for the same order ("Try again", "Continue to payment" after a page expired) keeps the
-- earlier PayPro ids: a buyer may quote one to staff, whose search finds it through the GIN index.
ALTER TABLE "orders" ADD COLUMN "earlier_paypro_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_earlier_paypro_ids_idx" ON "orders" USING gin ("earlier_paypro_ids");