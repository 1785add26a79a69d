ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- Keys made before scopes keep working as they did, with every scope a key can hold (never store settings, staff or keys); the settings page shows the owner each key's scopes.
UPDATE "api_keys" SET "scopes" = ARRAY['dm-orders', 'catalogue', 'content', 'stock']::text[];
