-- The request an order event was written during (ADR-056): the same id as its X-Request-Id answer and
-- its log lines, so one event leads to everything the shop logged about it. Events written by jobs, and
-- those from before, have none.
ALTER TABLE "order_events" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_request_id_check" CHECK (char_length(coalesce("order_events"."request_id", '')) <= 64);
