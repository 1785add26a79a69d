-- The owner's Urdu features and card caption for /ur pages (ADR-032), beside the Urdu name and description;
-- null: the English shows there. The built-in products get theirs from the seed at the next start.
ALTER TABLE "products" ADD COLUMN "features_ur" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "caption_ur" text;
