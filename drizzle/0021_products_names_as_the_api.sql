-- One name per thing, the same in the table, the domain and the console API: a product's platform
-- (was category), whether it is visible (was active), and a library title's top (was trending).
ALTER TABLE "products" RENAME COLUMN "category" TO "platform";--> statement-breakpoint
ALTER TABLE "products" RENAME COLUMN "active" TO "visible";--> statement-breakpoint
ALTER TABLE "game_library" RENAME COLUMN "trending" TO "top";
