ALTER TABLE "orders" ADD COLUMN "test_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "test_approved_at" timestamp with time zone;