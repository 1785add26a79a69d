CREATE TABLE "blocked_buyers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refusals" integer DEFAULT 0 NOT NULL,
	"last_refused_at" timestamp with time zone,
	CONSTRAINT "blocked_buyers_kind_check" CHECK ("blocked_buyers"."kind" in ('email', 'phone', 'address')),
	CONSTRAINT "blocked_buyers_value_check" CHECK (length("blocked_buyers"."value") between 1 and 254),
	CONSTRAINT "blocked_buyers_refusals_check" CHECK ("blocked_buyers"."refusals" >= 0)
);
--> statement-breakpoint
ALTER TABLE "blocked_buyers" ADD CONSTRAINT "blocked_buyers_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_buyers_kind_value_key" ON "blocked_buyers" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "blocked_buyers_created_by_idx" ON "blocked_buyers" USING btree ("created_by");