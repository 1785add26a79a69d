-- Receiving accounts (issue 36, ADR-049): a transfer order remembers the account its buyer was shown
-- first when it was placed (transferAccountId(): the method and the number), so what each account took
-- in this Pakistan day or month can be weighed against its ceiling. Orders placed before have none.
ALTER TABLE "orders" ADD COLUMN "transfer_account_id" text;--> statement-breakpoint
CREATE INDEX "orders_transfer_account_paid_idx" ON "orders" USING btree ("transfer_account_id","paid_at") WHERE "orders"."transfer_account_id" is not null;
