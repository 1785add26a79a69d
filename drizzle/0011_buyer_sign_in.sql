CREATE TABLE "buyer_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "buyer_sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"order_number" text,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_unsubscribes" (
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_unsubscribes_email_kind_pk" PRIMARY KEY("email","kind")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "buyer_sessions_email_idx" ON "buyer_sessions" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_sign_ins_token_hash_key" ON "buyer_sign_ins" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "buyer_sign_ins_email_idx" ON "buyer_sign_ins" USING btree ("email","created_at");--> statement-breakpoint
UPDATE "orders" SET "delivered_at" = "updated_at" WHERE "fulfillment_status" = 'completed';