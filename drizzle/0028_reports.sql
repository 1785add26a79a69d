ALTER TABLE "staff_users" ADD COLUMN "can_view_reports" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "order_lines_discounted_idx" ON "order_lines" USING btree ("order_id") WHERE "order_lines"."discount" > 0;--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null and not "orders"."test_payment";--> statement-breakpoint
CREATE INDEX "refunds_created_at_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
-- hand-written: the reports' paid-orders index covers the columns they sum, so a year of orders is read from the index alone (ADR-031).
DROP INDEX "orders_paid_at_idx";--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") INCLUDE ("total_amount", "cost", "fee", "payment_method", "delivered_at", "stock_delivered_at", "refunded_amount", "customer_email") WHERE "orders"."paid_at" is not null and not "orders"."test_payment";
