ALTER TABLE "products" ADD COLUMN "has_duration" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Today's catalogue: the Game Pass products were told apart by their names (§5); from now on by this setting, which the console's product form changes.
UPDATE "products" SET "has_duration" = true WHERE "name" ILIKE '%game pass%';
--> statement-breakpoint
-- One name per thing, the same in the table, the domain and the console API: a product's platform
-- (was category), whether it is visible (was active), and a library title's top (was trending).
ALTER TABLE "products" RENAME COLUMN "category" TO "platform";--> statement-breakpoint
ALTER TABLE "products" RENAME COLUMN "active" TO "visible";--> statement-breakpoint
ALTER TABLE "game_library" RENAME COLUMN "trending" TO "top";
