-- Stock that cannot be sold twice: a code is in stock once in the whole shop (a unique index, not
-- only the importer's check), and codes are compared after folding look-alike letters, dashes and
-- invisible characters. Codes imported before keep fingerprint version 1 until the shop re-fingerprints
-- them at start (refingerprint-stock.server.ts: it must decrypt them, which SQL cannot). Copies
-- already in two products are marked here (duplicate_of, the earliest unit wins) so the index can
-- be built; the start-up pass voids the unsold ones and audits it.
DROP INDEX "stock_units_product_fingerprint_key";--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "can_reveal_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_units" ADD COLUMN "fingerprint_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_units" ALTER COLUMN "fingerprint_version" SET DEFAULT 2;--> statement-breakpoint
UPDATE "stock_units" SET "fingerprint_version" = 2 WHERE "kind" = 'account';--> statement-breakpoint
ALTER TABLE "stock_units" ADD COLUMN "duplicate_of" bigint;--> statement-breakpoint
UPDATE "stock_units" AS s SET "duplicate_of" = d."first"
	FROM (SELECT "id", min("id") OVER (PARTITION BY "fingerprint") AS "first" FROM "stock_units" WHERE "kind" = 'code') AS d
	WHERE s."id" = d."id" AND d."first" <> s."id";--> statement-breakpoint
CREATE UNIQUE INDEX "stock_units_code_fingerprint_key" ON "stock_units" USING btree ("fingerprint") WHERE "stock_units"."kind" = 'code' and "stock_units"."duplicate_of" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_units_product_fingerprint_key" ON "stock_units" USING btree ("product_id","fingerprint") WHERE "stock_units"."duplicate_of" is null;
