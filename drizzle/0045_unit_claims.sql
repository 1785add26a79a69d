-- Claims (ADR-052): a buyer says a delivered unit does not work, with a screenshot and a sentence;
-- staff answer with a replacement from stock, a refund or a refusal with a reason. Each product says
-- for how many days after delivery its units may be claimed (0: never) and whether a claim is
-- replaced from stock at once (once per order). Existing products take the defaults: 7 days, by hand.
ALTER TABLE "products" ADD COLUMN "claim_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "auto_replace" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_claim_days_check" CHECK ("products"."claim_days" between 0 and 365);--> statement-breakpoint
CREATE TABLE "unit_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"assignment_id" bigint,
	"product_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"text" text NOT NULL,
	"screenshot_file_id" uuid,
	"reason" text,
	"waiting_reason" text,
	"automatic" boolean DEFAULT false NOT NULL,
	"replacement_assignment_id" bigint,
	"refund_id" bigint,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_claims_status_check" CHECK ("unit_claims"."status" in ('open', 'answered')),
	CONSTRAINT "unit_claims_answer_check" CHECK (("unit_claims"."status" = 'open' and "unit_claims"."answer" is null) or ("unit_claims"."status" = 'answered' and "unit_claims"."answer" is not null and "unit_claims"."answer" in ('replace', 'refund', 'refuse'))),
	CONSTRAINT "unit_claims_text_check" CHECK (char_length("unit_claims"."text") between 1 and 1000),
	CONSTRAINT "unit_claims_reason_check" CHECK ("unit_claims"."reason" is null or char_length("unit_claims"."reason") <= 500)
);--> statement-breakpoint
ALTER TABLE "unit_claims" ADD CONSTRAINT "unit_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_claims" ADD CONSTRAINT "unit_claims_assignment_id_stock_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."stock_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_claims" ADD CONSTRAINT "unit_claims_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unit_claims_unit_key" ON "unit_claims" USING btree ("assignment_id") WHERE "unit_claims"."assignment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "unit_claims_hand_delivery_key" ON "unit_claims" USING btree ("order_id") WHERE "unit_claims"."assignment_id" is null;--> statement-breakpoint
CREATE INDEX "unit_claims_order_idx" ON "unit_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "unit_claims_open_idx" ON "unit_claims" USING btree ("created_at","id") WHERE "unit_claims"."status" = 'open';
