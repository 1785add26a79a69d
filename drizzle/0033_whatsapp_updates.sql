CREATE TABLE "whatsapp_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"order_number" text NOT NULL,
	"event" text NOT NULL,
	"to_phone" text NOT NULL,
	"lang" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "whatsapp_outbox_attempts_check" CHECK ("whatsapp_outbox"."attempts" >= 0),
	CONSTRAINT "whatsapp_outbox_lang_check" CHECK ("whatsapp_outbox"."lang" in ('en', 'ur'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_updates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_outbox_dedupe_key_key" ON "whatsapp_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_order_idx" ON "whatsapp_outbox" USING btree ("order_number");