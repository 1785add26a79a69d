-- The owner's side of suppliers (ADR-054): each mapped option's cost at its supplier once a day
-- (supplier_costs), each supplier's balance and the threshold below which staff are alerted
-- (supplier_watch), and the `suppliers` grant a staff member may be given.
CREATE TABLE "supplier_watch" (
	"supplier_id" integer PRIMARY KEY NOT NULL,
	"low_balance_cents" integer,
	"balance_cents" integer,
	"balance_checked_at" timestamp with time zone,
	"check_problem" text,
	"low_since" timestamp with time zone,
	CONSTRAINT "supplier_watch_low_balance_check" CHECK ("supplier_watch"."low_balance_cents" >= 0)
);--> statement-breakpoint
CREATE TABLE "supplier_costs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"supplier_product_id" text NOT NULL,
	"day" text NOT NULL,
	"unit_price_cents" integer,
	"available" integer,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_costs_day_check" CHECK ("supplier_costs"."day" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "supplier_costs_price_check" CHECK ("supplier_costs"."unit_price_cents" >= 0 and "supplier_costs"."available" >= 0)
);--> statement-breakpoint
ALTER TABLE "supplier_watch" ADD CONSTRAINT "supplier_watch_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_costs" ADD CONSTRAINT "supplier_costs_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_costs" ADD CONSTRAINT "supplier_costs_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_costs_day_key" ON "supplier_costs" USING btree ("variant_id","supplier_id","day");--> statement-breakpoint
CREATE INDEX "supplier_costs_supplier_idx" ON "supplier_costs" USING btree ("supplier_id");--> statement-breakpoint
ALTER TABLE "staff_users" DROP CONSTRAINT "staff_users_grants_check";--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_grants_check" CHECK ("staff_users"."grants" <@ ARRAY['catalogue', 'reveal-stock', 'refunds', 'reports', 'suppliers']::text[]);
