ALTER TABLE "products" ADD COLUMN "name_ur" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_ur" text;