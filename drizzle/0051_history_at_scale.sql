-- History at scale (ADR-057), measured on a million orders. The dashboard's stock panel asks each
-- option for its newest unit (max(id)): on (variant_id) alone PostgreSQL walked the whole primary key
-- backwards to find it; on (variant_id, id) it is one index probe.
DROP INDEX IF EXISTS "stock_units_variant_idx";--> statement-breakpoint
CREATE INDEX "stock_units_variant_idx" ON "stock_units" USING btree ("variant_id","id");--> statement-breakpoint
-- The buyer's key (lower(btrim(email))) had no statistics of its own (its index is partial), so one
-- buyer's 500 orders were guessed as one and joined by nested loops: give the planner the figures.
CREATE STATISTICS IF NOT EXISTS "orders_buyer_key_stats" ON (lower(btrim("customer_email"))) FROM "orders";--> statement-breakpoint
ANALYZE "orders";
