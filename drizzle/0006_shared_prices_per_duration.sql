-- ADR-001: an account sold by duration has a private and a shared price for each duration
-- (durations[].price and durations[].sharedPrice); the product-wide private/shared prices, which
-- ignored the duration, go. Game Pass Ultimate (console) still as seeded gets the seed's shared prices.
UPDATE "products"
SET "durations" = '[{"months":1,"price":4000,"sharedPrice":2700,"label":"1 Month"},{"months":2,"price":5000,"sharedPrice":3400,"label":"2 Months"},{"months":0,"price":0,"label":"Custom Duration"}]'::jsonb,
	"private_price" = NULL,
	"shared_price" = NULL,
	"updated_at" = now()
WHERE "id" = 1
	AND "durations" = '[{"months":1,"price":4000,"label":"1 Month"},{"months":2,"price":5000,"label":"2 Months"},{"months":0,"price":0,"label":"Custom Duration"}]'::jsonb
	AND "private_price" = 3600
	AND "shared_price" = 2400;
--> statement-breakpoint
-- Any other product with durations and account prices (staff-edited): each duration's shared price
-- keeps the product's shared-to-private ratio, to the nearest Rs. 100.
UPDATE "products"
SET "durations" = (
		SELECT jsonb_agg(
			CASE WHEN (d ->> 'months')::int > 0 AND (d ->> 'price')::int > 0
				THEN d || jsonb_build_object('sharedPrice', (round((d ->> 'price')::numeric * "shared_price" / "private_price" / 100) * 100)::int)
				ELSE d END
			ORDER BY n)
		FROM jsonb_array_elements("durations") WITH ORDINALITY AS t(d, n)
	),
	"private_price" = NULL,
	"shared_price" = NULL,
	"updated_at" = now()
WHERE jsonb_typeof("durations") = 'array'
	AND jsonb_array_length("durations") > 0
	AND "private_price" > 0
	AND "shared_price" > 0;
