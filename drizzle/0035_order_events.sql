-- Every move of an order, and each other change its buyer or staff hear of, is a row of order_events, written
-- in the move's transaction by the one writer of the order (app/domain/orders/order-store, ADR-036): the
-- console's timeline reads them, and each one is told to its channels (email, push, WhatsApp, staff alerts,
-- the live page) from one registry. The time is the database's clock, as the row is written.
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"actor_kind" text DEFAULT 'shop' NOT NULL,
	"actor" text,
	"staff_id" integer,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "order_events_actor_kind_check" CHECK ("order_events"."actor_kind" in ('staff', 'buyer', 'provider', 'shop'))
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
-- The console's "paid, not delivered" count reads owesDelivery (app/domain/orders/order-facts.ts): paid or
-- partly refunded, before delivered. The index covered only 'paid'.
DROP INDEX IF EXISTS "orders_to_deliver_idx";--> statement-breakpoint
CREATE INDEX "orders_to_deliver_idx" ON "orders" ("paid_at") WHERE "payment_status" IN ('paid', 'partly_refunded') AND "delivery_status" IN ('pending', 'preparing', 'activating', 'ready_for_delivery');
