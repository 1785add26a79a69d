ALTER TABLE "order_lines" ADD COLUMN "unit_cost" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cost" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cost" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "profit" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "cost_rupees" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "cost_usd_cents" integer;--> statement-breakpoint
ALTER TABLE "stock_units" ADD COLUMN "cost_rupees" integer;--> statement-breakpoint
ALTER TABLE "stock_units" ADD COLUMN "cost_usd_cents" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_cost_check" CHECK ("product_variants"."cost_rupees" >= 0 and "product_variants"."cost_usd_cents" >= 0 and ("product_variants"."cost_rupees" is null or "product_variants"."cost_usd_cents" is null));--> statement-breakpoint
ALTER TABLE "stock_units" ADD CONSTRAINT "stock_units_cost_check" CHECK ("stock_units"."cost_rupees" >= 0 and "stock_units"."cost_usd_cents" >= 0 and ("stock_units"."cost_rupees" is null or "stock_units"."cost_usd_cents" is null));