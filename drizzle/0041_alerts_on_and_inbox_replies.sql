-- Alerts on from the start (ADR-047): whether a member has saved their alerts is a date of its own, not
-- guessed from what is ticked (an owner who unticks everything has chosen silence, not the defaults). Rows
-- that had chosen something count as saved when they were last changed; a row made only by starting a
-- Telegram link has chosen nothing.
ALTER TABLE "staff_alert_settings" ADD COLUMN "saved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "staff_alert_settings" SET "saved_at" = "updated_at" WHERE cardinality("events") > 0 OR "by_email" OR "by_telegram" OR "summary_hour" IS NOT NULL;--> statement-breakpoint
-- "Stock is low or out" becomes two events: whoever chose it keeps hearing of both.
UPDATE "staff_alert_settings" SET "events" = array_append("events", 'stock-out') WHERE 'stock-low' = ANY("events") AND NOT 'stock-out' = ANY("events");--> statement-breakpoint
-- Each contact message gets a token its replies' Message-ID, In-Reply-To and References are made from, so a
-- buyer's mail client threads the replies to one message together.
ALTER TABLE "contact_messages" ADD COLUMN "thread_token" text DEFAULT md5(random()::text || clock_timestamp()::text) NOT NULL;--> statement-breakpoint
-- The language the buyer wrote in (the page's): the words around a reply follow it. Messages before are English.
ALTER TABLE "contact_messages" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_lang_check" CHECK ("contact_messages"."lang" in ('en', 'ur'));--> statement-breakpoint
-- Staff replies to a contact message, sent by email through the outbox (dedupe key contact-reply:<id>).
CREATE TABLE "contact_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"staff_id" integer,
	"replied_by" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_replies_body_check" CHECK (char_length("contact_replies"."body") between 1 and 5000)
);--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" USING btree ("message_id","created_at");
