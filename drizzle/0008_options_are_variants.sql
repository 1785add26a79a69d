ALTER TABLE "products" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "durations";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "denominations";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "private_price";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "shared_price";