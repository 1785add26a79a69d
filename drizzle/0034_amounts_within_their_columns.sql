-- Money, amounts and quantities stay inside the shop's limits (app/utils/money.ts): a price or cost at most Rs. 10,000,000,
-- an order's total, lines, discounts, costs and refunds at most Rs. 100,000,000, a line's quantity at most 99.
-- What was saved past the limits before them (a reprice could store Rs. 110,000,000) is brought within
-- them first, so this migration never stops a shop from starting; the catalogue's values are capped.
-- Orders, their lines, refunds and payments are history: their checks hold for every row written from
-- now (NOT VALID), and no row already saved is changed.
UPDATE "product_variants" SET "price" = case when "price" > 10000000 then 10000000 else "price" end, "cost_rupees" = case when "cost_rupees" > 10000000 then 10000000 else "cost_rupees" end, "cost_usd_cents" = case when "cost_usd_cents" > 10000000 then 10000000 else "cost_usd_cents" end WHERE "price" > 10000000 OR "cost_rupees" > 10000000 OR "cost_usd_cents" > 10000000;--> statement-breakpoint
UPDATE "products" SET "original_price" = 10000000 WHERE "original_price" > 10000000;--> statement-breakpoint
UPDATE "stock_units" SET "cost_rupees" = case when "cost_rupees" > 10000000 then 10000000 else "cost_rupees" end, "cost_usd_cents" = case when "cost_usd_cents" > 10000000 then 10000000 else "cost_usd_cents" end WHERE "cost_rupees" > 10000000 OR "cost_usd_cents" > 10000000;--> statement-breakpoint
UPDATE "coupons" SET "value" = 10000000 WHERE "value" > 10000000;--> statement-breakpoint
UPDATE "coupons" SET "min_subtotal" = 100000000 WHERE "min_subtotal" > 100000000;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" DROP CONSTRAINT "coupon_redemptions_discount_check";--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_value_check";--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_min_subtotal_check";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_quantity_check";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_unit_price_check";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_original_price_check";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_discount_check";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_line_total_check";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_option_numbers_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_amount_check";--> statement-breakpoint
ALTER TABLE "paypro_sim_orders" DROP CONSTRAINT "paypro_sim_orders_amount_check";--> statement-breakpoint
ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_price_check";--> statement-breakpoint
ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_cost_check";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_original_price_check";--> statement-breakpoint
ALTER TABLE "refund_lines" DROP CONSTRAINT "refund_lines_quantity_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_amount_check";--> statement-breakpoint
ALTER TABLE "stock_units" DROP CONSTRAINT "stock_units_cost_check";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_discount_check" CHECK ("coupon_redemptions"."discount" between 1 and 100000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" between 1 and 10000000 and ("coupons"."kind" <> 'percent' or "coupons"."value" <= 100));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_min_subtotal_check" CHECK ("coupons"."min_subtotal" between 0 and 100000000);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cost_check" CHECK ("order_lines"."unit_cost" between 0 and 10000000 and "order_lines"."cost" between 0 and 100000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" between 1 and 99) NOT VALID;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_unit_price_check" CHECK ("order_lines"."unit_price" between 0 and 10000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_original_price_check" CHECK ("order_lines"."original_price" between 0 and 10000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount_check" CHECK ("order_lines"."discount" between 0 and 100000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_line_total_check" CHECK ("order_lines"."line_total" between 0 and 100000000 and "order_lines"."line_total" = "order_lines"."quantity" * "order_lines"."unit_price" - "order_lines"."discount") NOT VALID;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_option_numbers_check" CHECK ("order_lines"."option_months" >= 0 and "order_lines"."option_value" >= 0 and "order_lines"."option_price" between 0 and 10000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cost_check" CHECK ("orders"."cost" between 0 and 100000000 and "orders"."fee" between 0 and 100000000 and "orders"."profit" between -2 * 100000000 and 100000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_amount_check" CHECK ("orders"."total_amount" between 0 and 100000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "paypro_sim_orders" ADD CONSTRAINT "paypro_sim_orders_amount_check" CHECK ("paypro_sim_orders"."amount" between 0 and 100000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price" between 0 and 10000000);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_cost_check" CHECK ("product_variants"."cost_rupees" between 0 and 10000000 and "product_variants"."cost_usd_cents" between 0 and 10000000 and ("product_variants"."cost_rupees" is null or "product_variants"."cost_usd_cents" is null));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_original_price_check" CHECK ("products"."original_price" between 0 and 10000000);--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_quantity_check" CHECK ("refund_lines"."quantity" between 1 and 99 and "refund_lines"."undelivered" >= 0 and "refund_lines"."returned" >= 0 and "refund_lines"."voided" >= 0 and "refund_lines"."undelivered" + "refund_lines"."returned" + "refund_lines"."voided" <= "refund_lines"."quantity") NOT VALID;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" between 1 and 100000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_cost_check" CHECK ("stock_units"."cost_rupees" between 0 and 10000000 and "stock_units"."cost_usd_cents" between 0 and 10000000 and ("stock_units"."cost_rupees" is null or "stock_units"."cost_usd_cents" is null));