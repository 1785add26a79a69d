CREATE TABLE "alert_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"staff_id" integer NOT NULL,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_outbox_channel_check" CHECK ("alert_outbox"."channel" in ('email', 'telegram')),
	CONSTRAINT "alert_outbox_attempts_check" CHECK ("alert_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "staff_alert_settings" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"by_email" boolean DEFAULT false NOT NULL,
	"by_telegram" boolean DEFAULT false NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"summary_hour" smallint,
	"telegram_chat_id" text,
	"telegram_code_hash" text,
	"telegram_code_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_alert_settings_hours_check" CHECK ("staff_alert_settings"."quiet_start" between 0 and 23 and "staff_alert_settings"."quiet_end" between 0 and 23 and "staff_alert_settings"."summary_hour" between 0 and 23),
	CONSTRAINT "staff_alert_settings_quiet_check" CHECK (("staff_alert_settings"."quiet_start" is null) = ("staff_alert_settings"."quiet_end" is null))
);
--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_alert_settings" ADD CONSTRAINT "staff_alert_settings_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_outbox_dedupe_key_key" ON "alert_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "alert_outbox_staff_idx" ON "alert_outbox" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "alert_outbox_status_idx" ON "alert_outbox" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_alert_settings_code_key" ON "staff_alert_settings" USING btree ("telegram_code_hash");