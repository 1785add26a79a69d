-- What the owner lets a staff account do is one list of grants (app/domain/staff/permissions.ts), not a
-- column per permission: each account keeps what its four boxes said, and the database refuses a grant it
-- does not know. The owner holds every grant by role, so an owner's list is never read.
ALTER TABLE "staff_users" ADD COLUMN "grants" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "staff_users" SET "grants" = array_remove(ARRAY[
	case when "can_manage_catalogue" then 'catalogue' end,
	case when "can_reveal_stock" then 'reveal-stock' end,
	case when "can_refund" then 'refunds' end,
	case when "can_view_reports" then 'reports' end
]::text[], NULL);--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_grants_check" CHECK ("staff_users"."grants" <@ ARRAY['catalogue', 'reveal-stock', 'refunds', 'reports']::text[]);--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "can_manage_catalogue";--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "can_reveal_stock";--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "can_refund";--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "can_view_reports";
