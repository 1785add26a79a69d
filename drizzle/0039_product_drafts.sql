-- A product made on the console starts as a draft, seen only by staff until it is published (ADR-046).
-- Every product saved before is already on sale: published.
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("products"."status" in ('draft', 'published'));
