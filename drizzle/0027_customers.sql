CREATE TABLE "customer_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"body" text NOT NULL,
	"staff_id" integer,
	"staff_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_notes_email_check" CHECK ("customer_notes"."email" = lower(btrim("customer_notes"."email")) and length("customer_notes"."email") between 3 and 254),
	CONSTRAINT "customer_notes_body_check" CHECK (length("customer_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_email_idx" ON "customer_notes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "customer_notes_staff_id_idx" ON "customer_notes" USING btree ("staff_id");--> statement-breakpoint
-- hand-written:
-- The console's customers: every buyer is their email in lower case, trimmed. The index holds what the
-- list adds up (states, amounts, times), so the list is one index-only scan grouped in key order.
CREATE INDEX "orders_customer_email_idx" ON "orders" USING btree (lower(btrim("customer_email"))) INCLUDE ("customer_email", "payment_status", "test_payment", "total_amount", "refunded_amount", "created_at", "id") WHERE "customer_email" IS NOT NULL;
