ALTER TABLE "products" ADD COLUMN "has_duration" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Today's catalogue: the Game Pass products were told apart by their names (§5); from now on by this setting, which the console's product form changes.
UPDATE "products" SET "has_duration" = true WHERE "name" ILIKE '%game pass%';
