-- The built-in supplier simulator's orders (ADR-055): kept in the database so that a purchase resumed
-- after a restart finds the order it placed (by its external id) instead of buying again.
CREATE TABLE "supplier_sim_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"order_external_id" text,
	"product_id" text NOT NULL,
	"qty" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"keys" jsonb NOT NULL,
	"owed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_sim_orders_qty_check" CHECK ("supplier_sim_orders"."qty" between 1 and 9 and "supplier_sim_orders"."owed" between 0 and "supplier_sim_orders"."qty")
);--> statement-breakpoint
CREATE INDEX "supplier_sim_orders_external_idx" ON "supplier_sim_orders" USING btree ("order_external_id");
