CREATE TABLE "refund_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"undelivered" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"voided" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "refund_lines_quantity_check" CHECK ("refund_lines"."quantity" >= 1 and "refund_lines"."undelivered" >= 0 and "refund_lines"."returned" >= 0 and "refund_lines"."voided" >= 0 and "refund_lines"."undelivered" + "refund_lines"."returned" + "refund_lines"."voided" <= "refund_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"reason" text NOT NULL,
	"staff_id" integer,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" >= 1),
	CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('paypro', 'bank', 'wallet'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "can_refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_assignments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_lines_refund_idx" ON "refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_lines_order_line_idx" ON "refund_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_staff_idx" ON "refunds" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_refunded_quantity_check" CHECK ("order_lines"."refunded_quantity" >= 0 and "order_lines"."refunded_quantity" <= "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_amount_check" CHECK ("orders"."refunded_amount" >= 0 and "orders"."refunded_amount" <= greatest("orders"."total_amount", 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('awaiting_payment', 'awaiting_confirmation', 'paid', 'failed', 'expired', 'cancelled', 'partly_refunded', 'refunded', 'paid_after_cancel'));