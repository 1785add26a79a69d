-- The owner's Urdu features for /ur pages (ADR-032), one per line as on the English list; null: the English list shows there.
ALTER TABLE "products" ADD COLUMN "features_ur" jsonb;
