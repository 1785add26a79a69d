-- Store credit (ADR-051): a buyer's balance in whole rupees, kept per normalised email (trimmed, lower
-- case, as My orders and the customers' list key a buyer). credit_accounts holds the balance, locked
-- for each change (its CHECK keeps it at zero or more); credit_entries is its history, written only by
-- app/domain/credit/, never updated or deleted.
CREATE TABLE "credit_accounts" (
	"email" text PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_balance_check" CHECK ("credit_accounts"."balance" >= 0),
	CONSTRAINT "credit_accounts_email_check" CHECK ("credit_accounts"."email" = lower(btrim("credit_accounts"."email")) and char_length("credit_accounts"."email") between 3 and 200)
);--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"order_id" bigint,
	"refund_id" bigint,
	"staff_id" integer,
	"actor" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_entries_kind_check" CHECK ("credit_entries"."kind" in ('refund', 'returned_unit', 'spent', 'spend_reversed', 'adjustment')),
	CONSTRAINT "credit_entries_amount_check" CHECK ("credit_entries"."amount" <> 0 and "credit_entries"."amount" between -100000000 and 100000000),
	CONSTRAINT "credit_entries_balance_after_check" CHECK ("credit_entries"."balance_after" >= 0),
	CONSTRAINT "credit_entries_sign_check" CHECK (("credit_entries"."kind" = 'spent') = ("credit_entries"."amount" < 0) or "credit_entries"."kind" = 'adjustment')
);--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_email_credit_accounts_email_fk" FOREIGN KEY ("email") REFERENCES "public"."credit_accounts"("email") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entries_email_idx" ON "credit_entries" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "credit_entries_created_at_idx" ON "credit_entries" USING btree ("created_at");--> statement-breakpoint
-- An order spends credit once, and gets it back once.
CREATE UNIQUE INDEX "credit_entries_spent_key" ON "credit_entries" USING btree ("order_id") WHERE "credit_entries"."kind" = 'spent';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_spend_reversed_key" ON "credit_entries" USING btree ("order_id") WHERE "credit_entries"."kind" = 'spend_reversed';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_refund_key" ON "credit_entries" USING btree ("refund_id") WHERE "credit_entries"."refund_id" is not null;--> statement-breakpoint
-- What an order paid with credit: the rest (total_amount - credit_used) is paid online or by transfer.
ALTER TABLE "orders" ADD COLUMN "credit_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_used_check" CHECK ("orders"."credit_used" >= 0 and "orders"."credit_used" <= greatest("orders"."total_amount", 0));--> statement-breakpoint
-- A refund may go to the buyer's store credit.
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('paypro', 'bank', 'wallet', 'credit'));--> statement-breakpoint
-- Days after delivery a buyer may return a code they never opened, for store credit (null or 0: no returns).
ALTER TABLE "products" ADD COLUMN "return_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_return_days_check" CHECK ("products"."return_days" between 0 and 365);
