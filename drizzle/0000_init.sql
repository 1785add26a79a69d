CREATE TABLE "contact_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text,
	"message" text NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"to_email" text NOT NULL,
	"to_name" text,
	"template_id" integer,
	"subject" text NOT NULL,
	"params" jsonb NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"order_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_library" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"genre" text NOT NULL,
	"trending" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"customer_name" text,
	"customer_email" text,
	"customer_phone" text,
	"total_amount" integer NOT NULL,
	"status" text DEFAULT 'payment_pending' NOT NULL,
	"fulfillment_status" text DEFAULT 'pending' NOT NULL,
	"delivery_content" text,
	"product_details" jsonb NOT NULL,
	"payment_method" text DEFAULT 'paypro' NOT NULL,
	"paypro_transaction_id" text,
	"access_token" text,
	"checkout_key" text,
	"duration_days" integer,
	"payment_url" text,
	"paypro_claimed_at" timestamp with time zone,
	"receipt_path" text,
	"receipt_sha256" text,
	"receipt_uploaded_at" timestamp with time zone,
	"rejection_reason" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paypro_sim_orders" (
	"paypro_id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"order_number" text NOT NULL,
	"amount" integer NOT NULL,
	"customer_name" text,
	"customer_email" text,
	"customer_mobile" text,
	"due_date" text NOT NULL,
	"order_status" text DEFAULT 'UNPAID' NOT NULL,
	"payment_via" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer,
	"image" text NOT NULL,
	"caption" text NOT NULL,
	"category" text NOT NULL,
	"features" jsonb NOT NULL,
	"specifications" jsonb NOT NULL,
	"payment_methods" jsonb NOT NULL,
	"durations" jsonb,
	"denominations" jsonb,
	"private_price" integer,
	"shared_price" integer,
	"featured" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text NOT NULL,
	"is_game_pass" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_key_key" ON "email_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "game_library_title_key" ON "game_library" USING btree ("title");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key_key" ON "jobs" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_key" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_key_key" ON "orders" USING btree ("checkout_key");--> statement-breakpoint
CREATE INDEX "orders_paypro_transaction_id_idx" ON "orders" USING btree ("paypro_transaction_id");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "orders_receipt_sha256_idx" ON "orders" USING btree ("receipt_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "paypro_sim_orders_merchant_order_key" ON "paypro_sim_orders" USING btree ("merchant_id","order_number");--> statement-breakpoint
CREATE INDEX "reviews_product_created_idx" ON "reviews" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_game_pass_created_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."is_game_pass";