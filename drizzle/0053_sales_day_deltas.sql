-- The sales rollups without a hot row (ADR-057, amended). 0051's triggers added each order's part to
-- its day's row in place (INSERT … ON CONFLICT DO UPDATE): every checkout then held the row of
-- "today, PayPro" until it committed, so checkouts queued one behind another on it, and a payment
-- (orders placed that day, then sales that day) and a refund (sales, then placed) took the same two
-- rows in opposite orders and could deadlock. Now a trigger only appends the change to a deltas
-- table (an insert locks nothing another writer waits for); the minute sweep folds the deltas into
-- the days (fold_sales_day_deltas, one folder at a time); the reports read the days and the deltas
-- not folded yet through the *_live views, which PostgreSQL narrows to the range asked for.
CREATE TABLE "sales_day_deltas" (
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"orders" integer NOT NULL,
	"revenue" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"without_cost" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "sales_day_deltas_day_idx" ON "sales_day_deltas" USING btree ("day");--> statement-breakpoint
CREATE TABLE "sales_day_line_deltas" (
	"day" date NOT NULL,
	"product_id" integer,
	"variant_id" integer,
	"name" text NOT NULL,
	"option_label" text,
	"units" bigint NOT NULL,
	"revenue" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"cost" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "sales_day_line_deltas_day_idx" ON "sales_day_line_deltas" USING btree ("day");--> statement-breakpoint
CREATE TABLE "orders_placed_day_deltas" (
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"placed" integer NOT NULL,
	"paid" integer NOT NULL,
	"delivered" integer NOT NULL,
	"expired" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "orders_placed_day_deltas_day_idx" ON "orders_placed_day_deltas" USING btree ("day");--> statement-breakpoint
-- An order's part, added (sign 1) or taken away (sign -1), appended to the deltas. A sale is the
-- payment states of SALE_STATES (tests/lint/sales-rollups.test.ts), never a test payment; days are
-- Pakistan days (UTC+5).
CREATE OR REPLACE FUNCTION "count_order_in_sales_days"(o "orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	sale boolean := o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment;
BEGIN
	IF o.paid_at IS NOT NULL AND sale THEN
		INSERT INTO sales_day_deltas (day, payment_method, orders, revenue, cost, without_cost)
		VALUES (((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours')::date, o.payment_method, sign, sign * o.total_amount,
			sign * (coalesce(o.cost, 0) + coalesce(o.fee, 0)), sign * (o.cost IS NULL)::int);
		INSERT INTO sales_day_line_deltas (day, product_id, variant_id, name, option_label, units, revenue, discount, cost)
		SELECT ((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours')::date, l.product_id, l.variant_id, l.name, l.option_label,
			sign * sum(l.quantity), sign * sum(l.line_total), sign * sum(l.discount), sign * sum(coalesce(l.cost, 0))
		FROM order_lines l WHERE l.order_id = o.id GROUP BY l.product_id, l.variant_id, l.name, l.option_label;
	END IF;
	IF NOT o.test_payment THEN
		INSERT INTO orders_placed_day_deltas (day, payment_method, placed, paid, delivered, expired)
		VALUES (((o.created_at AT TIME ZONE 'UTC') + interval '5 hours')::date, o.payment_method, sign,
			sign * (o.paid_at IS NOT NULL AND sale)::int, sign * (o.delivered_at IS NOT NULL)::int, sign * (o.payment_status = 'expired')::int);
	END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_line_in_sales_days"(l "order_lines", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	o orders;
BEGIN
	SELECT * INTO o FROM orders WHERE id = l.order_id;
	-- No order: it is being deleted, and took its lines away before.
	IF o.id IS NULL OR o.paid_at IS NULL OR o.test_payment OR o.payment_status NOT IN ('paid', 'partly_refunded', 'refunded') THEN RETURN; END IF;
	INSERT INTO sales_day_line_deltas (day, product_id, variant_id, name, option_label, units, revenue, discount, cost)
	VALUES (((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours')::date, l.product_id, l.variant_id, l.name, l.option_label,
		sign * l.quantity, sign * l.line_total, sign * l.discount, sign * coalesce(l.cost, 0));
END $$;--> statement-breakpoint
-- The deltas committed so far, moved into their days in one transaction (a delta a writer has not
-- committed yet is not seen, and is folded next time). One folder at a time: two would add the same
-- days' rows in different orders.
CREATE FUNCTION "fold_sales_day_deltas"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(hashtext('fold_sales_day_deltas'));
	WITH moved AS (DELETE FROM sales_day_deltas RETURNING *)
	INSERT INTO sales_days AS t (day, payment_method, orders, revenue, cost, without_cost)
	SELECT day, payment_method, sum(orders), sum(revenue), sum(cost), sum(without_cost) FROM moved GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT (day, payment_method) DO UPDATE SET orders = t.orders + excluded.orders, revenue = t.revenue + excluded.revenue,
		cost = t.cost + excluded.cost, without_cost = t.without_cost + excluded.without_cost;
	WITH moved AS (DELETE FROM sales_day_line_deltas RETURNING *)
	INSERT INTO sales_day_lines AS t (day, product_id, variant_id, name, option_label, units, revenue, discount, cost)
	SELECT day, product_id, variant_id, name, option_label, sum(units), sum(revenue), sum(discount), sum(cost) FROM moved GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT (day, product_id, variant_id, name, option_label) DO UPDATE SET units = t.units + excluded.units,
		revenue = t.revenue + excluded.revenue, discount = t.discount + excluded.discount, cost = t.cost + excluded.cost;
	WITH moved AS (DELETE FROM orders_placed_day_deltas RETURNING *)
	INSERT INTO orders_placed_days AS t (day, payment_method, placed, paid, delivered, expired)
	SELECT day, payment_method, sum(placed), sum(paid), sum(delivered), sum(expired) FROM moved GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT (day, payment_method) DO UPDATE SET placed = t.placed + excluded.placed, paid = t.paid + excluded.paid,
		delivered = t.delivered + excluded.delivered, expired = t.expired + excluded.expired;
END $$;--> statement-breakpoint
-- What the reports read: each day's sums with the deltas not folded yet.
CREATE VIEW "sales_days_live" AS
	SELECT day, payment_method, sum(orders)::integer AS orders, sum(revenue)::bigint AS revenue, sum(cost)::bigint AS cost, sum(without_cost)::integer AS without_cost
	FROM (SELECT day, payment_method, orders, revenue, cost, without_cost FROM sales_days
		UNION ALL SELECT day, payment_method, orders, revenue, cost, without_cost FROM sales_day_deltas) u
	GROUP BY day, payment_method;--> statement-breakpoint
CREATE VIEW "sales_day_lines_live" AS
	SELECT day, product_id, variant_id, name, option_label, sum(units)::bigint AS units, sum(revenue)::bigint AS revenue, sum(discount)::bigint AS discount, sum(cost)::bigint AS cost
	FROM (SELECT day, product_id, variant_id, name, option_label, units, revenue, discount, cost FROM sales_day_lines
		UNION ALL SELECT day, product_id, variant_id, name, option_label, units, revenue, discount, cost FROM sales_day_line_deltas) u
	GROUP BY day, product_id, variant_id, name, option_label;--> statement-breakpoint
CREATE VIEW "orders_placed_days_live" AS
	SELECT day, payment_method, sum(placed)::integer AS placed, sum(paid)::integer AS paid, sum(delivered)::integer AS delivered, sum(expired)::integer AS expired
	FROM (SELECT day, payment_method, placed, paid, delivered, expired FROM orders_placed_days
		UNION ALL SELECT day, payment_method, placed, paid, delivered, expired FROM orders_placed_day_deltas) u
	GROUP BY day, payment_method;--> statement-breakpoint
-- Counting every order again from scratch (0051's function, kept under a name of its own) starts
-- from empty deltas too.
ALTER FUNCTION "recount_sales_days"() RENAME TO "recount_sales_days_from_orders";--> statement-breakpoint
CREATE FUNCTION "recount_sales_days"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM sales_day_deltas;
	DELETE FROM sales_day_line_deltas;
	DELETE FROM orders_placed_day_deltas;
	SELECT recount_sales_days_from_orders();
$$;
--> statement-breakpoint
-- A buyer's figures are one row, kept in place (the list sorts by it): its trigger now runs as the
-- transaction commits (a deferred constraint trigger), so the row is locked for the moment of the
-- commit, not for the whole of a payment that takes stock and writes its events, and one buyer's
-- orders paid at once no longer queue behind each other for their whole length.
DROP TRIGGER "orders_customer_figures" ON "orders";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_customer_figures" AFTER INSERT OR UPDATE OR DELETE ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "orders_customer_figures_trigger"();
