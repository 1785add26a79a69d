-- Staff search finds an order by any id a buyer quotes and by part of an email or phone.
-- Part of an email: trigrams (ILIKE '%…%'). Numbers (phones, PayPro ids, an order number's time): their start
-- and their end, through btree indexes on the value and on it reversed (LIKE '…%'): trigrams of digits are too
-- common to narrow a search down quickly.
CREATE INDEX IF NOT EXISTS "orders_customer_email_trgm_idx" ON "orders" USING gin ("customer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_customer_phone_prefix_idx" ON "orders" ("customer_phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_customer_phone_suffix_idx" ON "orders" (reverse("customer_phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_paypro_transaction_id_prefix_idx" ON "orders" ("paypro_transaction_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_paypro_transaction_id_suffix_idx" ON "orders" (reverse("paypro_transaction_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_order_time_prefix_idx" ON "orders" (split_part("order_number", '-', 2) text_pattern_ops);
--> statement-breakpoint
-- The console's to-do counts: transfers waiting for confirmation, paid orders not delivered yet.
CREATE INDEX IF NOT EXISTS "orders_transfers_waiting_idx" ON "orders" ("receipt_uploaded_at") WHERE "status" = 'pending' AND "receipt_path" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_to_deliver_idx" ON "orders" ("paid_at") WHERE "status" = 'completed' AND "fulfillment_status" IN ('pending', 'preparing', 'activating', 'ready_for_delivery');
