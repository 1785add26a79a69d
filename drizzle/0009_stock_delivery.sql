CREATE TABLE "stock_assignments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unit_id" bigint NOT NULL,
	"slot" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"order_number" text NOT NULL,
	"line_index" integer NOT NULL,
	"unit_index" integer DEFAULT 0 NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	"replaced_by" text
);
--> statement-breakpoint
CREATE TABLE "stock_units" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"secret" text NOT NULL,
	"key_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"slots" integer DEFAULT 1 NOT NULL,
	"slots_used" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"imported_by" text,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "undelivered_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "low_stock_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_mode" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_assignments_unit_slot_key" ON "stock_assignments" USING btree ("unit_id","slot");--> statement-breakpoint
CREATE INDEX "stock_assignments_order_idx" ON "stock_assignments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_units_product_fingerprint_key" ON "stock_units" USING btree ("product_id","fingerprint");--> statement-breakpoint
CREATE INDEX "stock_units_available_idx" ON "stock_units" USING btree ("variant_id","id") WHERE "stock_units"."status" = 'available';--> statement-breakpoint
CREATE INDEX "orders_undelivered_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."undelivered_units" > 0;