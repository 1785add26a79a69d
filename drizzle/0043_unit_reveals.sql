-- Each time a delivered unit is revealed in full (the buyer's Reveal on the order page, My orders or the API; staff on the console), one row: the first of each unit is what makes it seen (ADR-050).
CREATE TABLE "unit_reveals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"assignment_id" bigint,
	"first" boolean DEFAULT false NOT NULL,
	"view" text NOT NULL,
	"by_kind" text NOT NULL,
	"staff_id" integer,
	"staff_name" text,
	"address_hash" text,
	"device_hash" text,
	"revealed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "unit_reveals_view_check" CHECK ("unit_reveals"."view" in ('order-page', 'my-orders', 'api', 'staff')),
	CONSTRAINT "unit_reveals_by_kind_check" CHECK ("unit_reveals"."by_kind" in ('buyer', 'staff')),
	CONSTRAINT "unit_reveals_hash_check" CHECK (char_length(coalesce("unit_reveals"."address_hash", '')) <= 64 and char_length(coalesce("unit_reveals"."device_hash", '')) <= 64)
);
--> statement-breakpoint
ALTER TABLE "unit_reveals" ADD CONSTRAINT "unit_reveals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "unit_reveals" ADD CONSTRAINT "unit_reveals_assignment_id_stock_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."stock_assignments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "unit_reveals" ADD CONSTRAINT "unit_reveals_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "unit_reveals_order_idx" ON "unit_reveals" USING btree ("order_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "unit_reveals_first_key" ON "unit_reveals" USING btree ("order_id",coalesce("assignment_id", 0)) WHERE "unit_reveals"."first";
