-- Suppliers (ADR-053): wholesalers the shop buys an option's codes from at the moment of payment,
-- when its own stock cannot serve the order. A supplier's API key is sealed like delivery codes.
-- An option lists its suppliers in order of preference (variant_supply) and a minimum margin; each
-- purchase is a row stored, with its idempotency key, before the supplier is called
-- (supplier_purchases), so a crash between the call and its answer is resumed by asking the
-- supplier for the order with that key, never by buying again. Codes bought are stock units of
-- the option kept for the order that paid for them (for_order_id) until delivered to it.
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'kinguin' NOT NULL,
	"base_url" text NOT NULL,
	"api_key" text NOT NULL,
	"simulator" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_kind_check" CHECK ("suppliers"."kind" in ('kinguin')),
	CONSTRAINT "suppliers_name_check" CHECK (char_length("suppliers"."name") between 1 and 80)
);--> statement-breakpoint
CREATE TABLE "variant_supply" (
	"variant_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"supplier_product_id" text NOT NULL,
	CONSTRAINT "variant_supply_variant_id_supplier_id_pk" PRIMARY KEY("variant_id","supplier_id"),
	CONSTRAINT "variant_supply_product_id_check" CHECK (char_length("variant_supply"."supplier_product_id") between 1 and 100),
	CONSTRAINT "variant_supply_position_check" CHECK ("variant_supply"."position" >= 0)
);--> statement-breakpoint
ALTER TABLE "variant_supply" ADD CONSTRAINT "variant_supply_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_supply" ADD CONSTRAINT "variant_supply_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "variant_supply_supplier_idx" ON "variant_supply" USING btree ("supplier_id");--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "min_margin_percent" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_min_margin_check" CHECK ("product_variants"."min_margin_percent" between 0 and 500);--> statement-breakpoint
CREATE TABLE "supplier_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"order_number" text NOT NULL,
	"line_id" bigint NOT NULL,
	"line_index" integer NOT NULL,
	"variant_id" integer,
	"supplier_id" integer,
	"supplier_product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"supplier_order_id" text,
	"unit_price_cents" integer,
	"max_unit_price_cents" integer,
	"keys_received" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"reason_params" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"ordered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_purchases_status_check" CHECK ("supplier_purchases"."status" in ('pending', 'ordered', 'delivered', 'failed', 'waiting')),
	CONSTRAINT "supplier_purchases_quantity_check" CHECK ("supplier_purchases"."quantity" between 1 and 100 and "supplier_purchases"."keys_received" between 0 and "supplier_purchases"."quantity"),
	CONSTRAINT "supplier_purchases_attempts_check" CHECK ("supplier_purchases"."attempts" >= 0)
);--> statement-breakpoint
ALTER TABLE "supplier_purchases" ADD CONSTRAINT "supplier_purchases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_purchases" ADD CONSTRAINT "supplier_purchases_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_purchases" ADD CONSTRAINT "supplier_purchases_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_purchases" ADD CONSTRAINT "supplier_purchases_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_purchases_idempotency_key" ON "supplier_purchases" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "supplier_purchases_order_idx" ON "supplier_purchases" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "supplier_purchases_open_idx" ON "supplier_purchases" USING btree ("updated_at","id") WHERE "supplier_purchases"."status" in ('pending', 'ordered');--> statement-breakpoint
CREATE INDEX "supplier_purchases_status_idx" ON "supplier_purchases" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "stock_units" ADD COLUMN "supplier_purchase_id" bigint;--> statement-breakpoint
ALTER TABLE "stock_units" ADD COLUMN "for_order_id" bigint;--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_supplier_purchase_id_supplier_purchases_id_fk" FOREIGN KEY ("supplier_purchase_id") REFERENCES "public"."supplier_purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_for_order_id_orders_id_fk" FOREIGN KEY ("for_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_units_for_order_idx" ON "stock_units" USING btree ("for_order_id") WHERE "stock_units"."for_order_id" is not null;
