-- Staff find the order a delivered code went to by the code's keyed hash (the fingerprint every code
-- unit carries): one index over every code, copies found in stock before (duplicate_of) included,
-- which the unique index leaves out. Codes fingerprinted the old way are fingerprinted again at
-- start by the app (refingerprintStock), which alone holds the key.
CREATE INDEX IF NOT EXISTS "stock_units_code_search_idx" ON "stock_units" USING btree ("fingerprint") WHERE "stock_units"."kind" = 'code';
