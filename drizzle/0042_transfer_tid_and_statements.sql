-- Transfers verified, not eyeballed (ADR-049): the buyer gives the transfer's TID and who paid with the receipt.
-- Orders before have neither (null): staff check them as before.
ALTER TABLE "orders" ADD COLUMN "transfer_tid" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_payer" text;--> statement-breakpoint
-- One order per TID: of two uploads of one TID at once, the index lets one win.
CREATE UNIQUE INDEX "orders_transfer_tid_key" ON "orders" USING btree ("transfer_tid") WHERE "orders"."transfer_tid" is not null;--> statement-breakpoint
-- The credits of the receiving accounts' statements, one row per line (named by its hash: importing twice adds nothing).
CREATE TABLE "statement_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"line_hash" text NOT NULL,
	"credited_on" text NOT NULL,
	"amount" integer NOT NULL,
	"reference" text NOT NULL,
	"payer" text NOT NULL,
	"order_id" bigint,
	"imported_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "statement_credits_amount_check" CHECK ("statement_credits"."amount" between 1 and 100000000)
);--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_credits_line_hash_key" ON "statement_credits" USING btree ("line_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_credits_order_id_key" ON "statement_credits" USING btree ("order_id") WHERE "statement_credits"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "statement_credits_account_idx" ON "statement_credits" USING btree ("account_id","credited_on");--> statement-breakpoint
-- Each receiving account's statement columns, chosen once and kept.
CREATE TABLE "statement_mappings" (
	"account_id" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
