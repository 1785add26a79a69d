CREATE TABLE "order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"product_id" integer,
	"variant_id" integer,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"original_price" integer,
	"option_kind" text,
	"option_label" text,
	"option_months" integer,
	"option_value" integer,
	"option_price" integer,
	"account_type" text,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"line_total" integer NOT NULL,
	"code" text,
	CONSTRAINT "order_lines_position_check" CHECK ("order_lines"."position" >= 0),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" >= 1),
	CONSTRAINT "order_lines_unit_price_check" CHECK ("order_lines"."unit_price" >= 0),
	CONSTRAINT "order_lines_original_price_check" CHECK ("order_lines"."original_price" >= 0),
	CONSTRAINT "order_lines_discount_check" CHECK ("order_lines"."discount" >= 0),
	CONSTRAINT "order_lines_line_total_check" CHECK ("order_lines"."line_total" >= 0 and "order_lines"."line_total" = "order_lines"."quantity" * "order_lines"."unit_price" - "order_lines"."discount"),
	CONSTRAINT "order_lines_option_check" CHECK ("order_lines"."option_kind" in ('duration', 'denomination')),
	CONSTRAINT "order_lines_option_numbers_check" CHECK ("order_lines"."option_months" >= 0 and "order_lines"."option_value" >= 0 and "order_lines"."option_price" >= 0),
	CONSTRAINT "order_lines_account_type_check" CHECK ("order_lines"."account_type" in ('private', 'shared'))
);--> statement-breakpoint
-- Every order's JSON lines become rows, in their order; a line keeps what the buyer saw (name, image,
-- option, account type, prices) and names its product and option only while they still exist.
INSERT INTO "order_lines" ("order_id", "position", "product_id", "variant_id", "name", "image", "original_price", "option_kind", "option_label", "option_months", "option_value", "option_price", "account_type", "quantity", "unit_price", "discount", "line_total", "code")
SELECT o."id",
	(l.ord - 1)::smallint,
	p."id",
	v."id",
	coalesce(l.line->>'name', ''),
	coalesce(l.line->>'image', ''),
	round((l.line->>'originalPrice')::numeric)::integer,
	CASE WHEN jsonb_typeof(l.line->'selectedDuration') = 'object' THEN 'duration' WHEN jsonb_typeof(l.line->'selectedDenomination') = 'object' THEN 'denomination' END,
	CASE WHEN jsonb_typeof(l.line->'selectedDuration') = 'object' THEN l.line->'selectedDuration'->>'label' WHEN jsonb_typeof(l.line->'selectedDenomination') = 'object' THEN l.line->'selectedDenomination'->>'label' END,
	CASE WHEN jsonb_typeof(l.line->'selectedDuration') = 'object' THEN round((l.line->'selectedDuration'->>'months')::numeric)::integer END,
	CASE WHEN jsonb_typeof(l.line->'selectedDuration') IS DISTINCT FROM 'object' AND jsonb_typeof(l.line->'selectedDenomination') = 'object' THEN round((l.line->'selectedDenomination'->>'value')::numeric)::integer END,
	CASE WHEN jsonb_typeof(l.line->'selectedDuration') = 'object' THEN round((l.line->'selectedDuration'->>'price')::numeric)::integer WHEN jsonb_typeof(l.line->'selectedDenomination') = 'object' THEN round((l.line->'selectedDenomination'->>'price')::numeric)::integer END,
	l.line->>'selectedAccountType',
	round((l.line->>'quantity')::numeric)::integer,
	round((l.line->>'price')::numeric)::integer,
	0,
	round((l.line->>'quantity')::numeric)::integer * round((l.line->>'price')::numeric)::integer,
	l.line->>'code'
FROM "orders" o
CROSS JOIN LATERAL jsonb_array_elements(o."product_details") WITH ORDINALITY AS l(line, ord)
LEFT JOIN "products" p ON p."id" = CASE WHEN (l.line->>'id') ~ '^[0-9]{1,9}$' THEN (l.line->>'id')::integer END
LEFT JOIN "product_variants" v ON v."id" = CASE WHEN (l.line->>'variantId') ~ '^[0-9]{1,9}$' THEN (l.line->>'variantId')::integer END AND v."product_id" IN (SELECT "id" FROM "products");--> statement-breakpoint
ALTER TABLE "stock_assignments" ADD COLUMN "line_id" bigint;--> statement-breakpoint
-- Delivered units point at the line they were delivered for.
UPDATE "stock_assignments" sa SET "line_id" = ol."id" FROM "order_lines" ol WHERE ol."order_id" = sa."order_id" AND ol."position" = sa."line_index";--> statement-breakpoint
ALTER TABLE "stock_assignments" ALTER COLUMN "line_id" SET NOT NULL;--> statement-breakpoint
-- What a deleted product or staff account left behind goes now, as the foreign keys below will do from
-- here on: options, unsold stock units and reviews of products that are gone, sessions of staff who are gone.
DELETE FROM "product_variants" v WHERE NOT EXISTS (SELECT 1 FROM "products" p WHERE p."id" = v."product_id");--> statement-breakpoint
DELETE FROM "stock_units" u WHERE (NOT EXISTS (SELECT 1 FROM "products" p WHERE p."id" = u."product_id") OR NOT EXISTS (SELECT 1 FROM "product_variants" v WHERE v."id" = u."variant_id")) AND NOT EXISTS (SELECT 1 FROM "stock_assignments" sa WHERE sa."unit_id" = u."id");--> statement-breakpoint
UPDATE "stock_units" u SET "duplicate_of" = NULL WHERE "duplicate_of" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "stock_units" d WHERE d."id" = u."duplicate_of");--> statement-breakpoint
DELETE FROM "reviews" r WHERE NOT EXISTS (SELECT 1 FROM "products" p WHERE p."id" = r."product_id");--> statement-breakpoint
DELETE FROM "staff_sessions" s WHERE NOT EXISTS (SELECT 1 FROM "staff_users" u WHERE u."id" = s."staff_id");--> statement-breakpoint
DELETE FROM "staff_devices" s WHERE NOT EXISTS (SELECT 1 FROM "staff_users" u WHERE u."id" = s."staff_id");--> statement-breakpoint
DELETE FROM "staff_pending_sign_ins" s WHERE NOT EXISTS (SELECT 1 FROM "staff_users" u WHERE u."id" = s."staff_id");--> statement-breakpoint
DELETE FROM "staff_recovery_codes" s WHERE NOT EXISTS (SELECT 1 FROM "staff_users" u WHERE u."id" = s."staff_id");--> statement-breakpoint
UPDATE "api_keys" k SET "created_by" = NULL WHERE "created_by" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "staff_users" u WHERE u."id" = k."created_by");--> statement-breakpoint
-- The log keeps its actor's name in "actor": an id that names no account any more is cleared.
UPDATE "audit_log" a SET "staff_id" = NULL WHERE "staff_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "staff_users" u WHERE u."id" = a."staff_id");--> statement-breakpoint
UPDATE "audit_log" a SET "api_key_id" = NULL WHERE "api_key_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "api_keys" k WHERE k."id" = a."api_key_id");--> statement-breakpoint
DROP INDEX "orders_payment_status_idx";--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_key" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" USING btree ("variant_id");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_devices" ADD CONSTRAINT "staff_devices_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_pending_sign_ins" ADD CONSTRAINT "staff_pending_sign_ins_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_assignments" ADD CONSTRAINT "stock_assignments_unit_id_stock_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."stock_units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_assignments" ADD CONSTRAINT "stock_assignments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_assignments" ADD CONSTRAINT "stock_assignments_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_duplicate_of_stock_units_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."stock_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_created_by_idx" ON "api_keys" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "audit_log_api_key_idx" ON "audit_log" USING btree ("api_key_id");--> statement-breakpoint
CREATE INDEX "stock_assignments_line_idx" ON "stock_assignments" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "stock_units_product_idx" ON "stock_units" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stock_units_variant_idx" ON "stock_units" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "stock_units_duplicate_of_idx" ON "stock_units" USING btree ("duplicate_of") WHERE "stock_units"."duplicate_of" is not null;--> statement-breakpoint
ALTER TABLE "buyer_sign_ins" ADD CONSTRAINT "buyer_sign_ins_attempts_check" CHECK ("buyer_sign_ins"."attempts" >= 0);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_attempts_check" CHECK ("email_outbox"."attempts" >= 0);--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_byte_size_check" CHECK ("files"."byte_size" >= 0);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."attempts" >= 0 and "jobs"."max_attempts" >= 1);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_amount_check" CHECK ("orders"."total_amount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_undelivered_units_check" CHECK ("orders"."undelivered_units" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_duration_days_check" CHECK ("orders"."duration_days" >= 0);--> statement-breakpoint
ALTER TABLE "paypro_sim_orders" ADD CONSTRAINT "paypro_sim_orders_amount_check" CHECK ("paypro_sim_orders"."amount" >= 0);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price" >= 0);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_months_check" CHECK ("product_variants"."months" >= 0);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_value_check" CHECK ("product_variants"."value" >= 0);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_account_type_check" CHECK ("product_variants"."account_type" in ('private', 'shared'));--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_low_stock_threshold_check" CHECK ("product_variants"."low_stock_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_original_price_check" CHECK ("products"."original_price" >= 0);--> statement-breakpoint
ALTER TABLE "rate_limits" ADD CONSTRAINT "rate_limits_count_check" CHECK ("rate_limits"."count" >= 0);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5);--> statement-breakpoint
ALTER TABLE "staff_pending_sign_ins" ADD CONSTRAINT "staff_pending_sign_ins_attempts_check" CHECK ("staff_pending_sign_ins"."attempts" >= 0);--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_role_check" CHECK ("staff_users"."role" in ('owner', 'staff'));--> statement-breakpoint
ALTER TABLE "stock_assignments" ADD CONSTRAINT "stock_assignments_slot_check" CHECK ("stock_assignments"."slot" >= 1);--> statement-breakpoint
ALTER TABLE "stock_assignments" ADD CONSTRAINT "stock_assignments_line_index_check" CHECK ("stock_assignments"."line_index" >= 0 and "stock_assignments"."unit_index" >= 0);--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_kind_check" CHECK ("stock_units"."kind" in ('code', 'account'));--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_status_check" CHECK ("stock_units"."status" in ('available', 'used', 'voided'));--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_slots_check" CHECK ("stock_units"."slots" >= 1 and "stock_units"."slots_used" >= 0 and "stock_units"."slots_used" <= "stock_units"."slots");--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_details";
