ALTER TABLE "staff_users" ADD COLUMN "can_view_reports" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null and not "orders"."test_payment";--> statement-breakpoint
CREATE INDEX "refunds_created_at_idx" ON "refunds" USING btree ("created_at");