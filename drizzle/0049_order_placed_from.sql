-- Where an order was placed from (ADR-050, the order's evidence): the checkout's network address and
-- device (user agent) as keyed hashes, the same keys as a unit's reveals, never as sent. Orders placed
-- before have none.
ALTER TABLE "orders" ADD COLUMN "placed_address_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_device_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_hash_check" CHECK (char_length(coalesce("orders"."placed_address_hash", '')) <= 64 and char_length(coalesce("orders"."placed_device_hash", '')) <= 64);
