-- The delivery times of the sales reports, rolled up as the sales days are (ADR-057, amended): a
-- year's report re-read every paid and delivered order of the range to take two percentiles (1.3 s at
-- a million orders). Now each Pakistan day keeps a histogram of paid-to-delivered seconds in fixed
-- buckets, by from stock or by hand: how many orders fell in each bucket and their seconds added up.
-- A percentile is read from the counts, a bucket's orders spread evenly around their mean: exact for
-- a bucket of one order, otherwise within the bucket's width (1 s under 20 s, 5 % above).
--
-- The bucket of a number of seconds: whole seconds from -20 to 20, then steps 5 % wide each way.
CREATE FUNCTION "delivery_seconds_bucket"(s double precision) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE
		WHEN s >= 20 THEN 20 + floor(ln(s / 20) / ln(1.05))::integer
		WHEN s >= -20 THEN floor(s)::integer
		ELSE -21 - floor(ln(-s / 20) / ln(1.05))::integer
	END
$$;--> statement-breakpoint
CREATE TABLE "delivery_time_days" (
	"day" date NOT NULL,
	"from_stock" boolean NOT NULL,
	"bucket" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_time_days_pkey" PRIMARY KEY("day","from_stock","bucket")
);--> statement-breakpoint
CREATE TABLE "delivery_time_day_deltas" (
	"day" date NOT NULL,
	"from_stock" boolean NOT NULL,
	"bucket" integer NOT NULL,
	"orders" integer NOT NULL,
	"seconds" double precision NOT NULL
);--> statement-breakpoint
CREATE INDEX "delivery_time_day_deltas_day_idx" ON "delivery_time_day_deltas" USING btree ("day");--> statement-breakpoint
-- An order's part, added (sign 1) or taken away (sign -1), appended to the deltas (0053), now with
-- its delivery time when it was delivered. A sale is the payment states of SALE_STATES
-- (tests/lint/sales-rollups.test.ts), never a test payment; days are Pakistan days (UTC+5).
CREATE OR REPLACE FUNCTION "count_order_in_sales_days"(o "orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	sale boolean := o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment;
	took double precision := extract(epoch from o.delivered_at - o.paid_at);
BEGIN
	IF o.paid_at IS NOT NULL AND sale THEN
		INSERT INTO sales_day_deltas (day, payment_method, orders, revenue, cost, without_cost)
		VALUES (((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours')::date, o.payment_method, sign, sign * o.total_amount,
			sign * (coalesce(o.cost, 0) + coalesce(o.fee, 0)), sign * (o.cost IS NULL)::int);
		INSERT INTO sales_day_line_deltas (day, product_id, variant_id, name, option_label, units, revenue, discount, cost)
		SELECT ((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours')::date, l.product_id, l.variant_id, l.name, l.option_label,
			sign * sum(l.quantity), sign * sum(l.line_total), sign * sum(l.discount), sign * sum(coalesce(l.cost, 0))
		FROM order_lines l WHERE l.order_id = o.id GROUP BY l.product_id, l.variant_id, l.name, l.option_label;
		IF o.delivered_at IS NOT NULL THEN
			INSERT INTO delivery_time_day_deltas (day, from_stock, bucket, orders, seconds)
			VALUES (((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours')::date, o.stock_delivered_at IS NOT NULL, delivery_seconds_bucket(took), sign, sign * took);
		END IF;
	END IF;
	IF NOT o.test_payment THEN
		INSERT INTO orders_placed_day_deltas (day, payment_method, placed, paid, delivered, expired)
		VALUES (((o.created_at AT TIME ZONE 'UTC') + interval '5 hours')::date, o.payment_method, sign,
			sign * (o.paid_at IS NOT NULL AND sale)::int, sign * (o.delivered_at IS NOT NULL)::int, sign * (o.payment_status = 'expired')::int);
	END IF;
END $$;--> statement-breakpoint
-- Whether an order was delivered from stock is now part of what it counts for.
CREATE OR REPLACE FUNCTION "orders_sales_days_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND (OLD.payment_status, OLD.test_payment, OLD.paid_at, OLD.payment_method, OLD.total_amount, OLD.cost, OLD.fee, OLD.created_at, OLD.delivered_at, OLD.stock_delivered_at)
		IS NOT DISTINCT FROM (NEW.payment_status, NEW.test_payment, NEW.paid_at, NEW.payment_method, NEW.total_amount, NEW.cost, NEW.fee, NEW.created_at, NEW.delivered_at, NEW.stock_delivered_at) THEN
		RETURN NULL;
	END IF;
	-- A deleted order is taken away BEFORE the delete, while its lines are still there to subtract.
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM count_order_in_sales_days(OLD, -1); END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM count_order_in_sales_days(NEW, 1); END IF;
	RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
END $$;--> statement-breakpoint
CREATE FUNCTION "recount_delivery_time_days"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM delivery_time_day_deltas;
	DELETE FROM delivery_time_days;
	INSERT INTO delivery_time_days (day, from_stock, bucket, orders, seconds)
	SELECT ((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours')::date, o.stock_delivered_at IS NOT NULL,
		delivery_seconds_bucket(extract(epoch from o.delivered_at - o.paid_at)), count(*), sum(extract(epoch from o.delivered_at - o.paid_at))
	FROM orders o WHERE o.paid_at IS NOT NULL AND o.delivered_at IS NOT NULL AND o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment
	GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
SELECT recount_delivery_time_days();
--> statement-breakpoint
-- The top customers of a range are found among the buyers who spent most over all time (a buyer's
-- sales in a range are never more than their sales ever): walked in this order, best first.
CREATE INDEX "customer_figures_sales_idx" ON "customer_figures" USING btree (("spent" + "refunded") DESC, "email") WHERE "paid_orders" > 0;
--> statement-breakpoint
-- The dashboard's total of every order: the orders placed by day (orders_placed_days_live, every
-- order but test payments) and the test payments, read here.
CREATE INDEX "orders_test_payment_idx" ON "orders" USING btree ("id") WHERE "test_payment";
--> statement-breakpoint
-- The top customers of a short range add up its paid orders by buyer: with the payment state in the
-- covering index of paid orders, that reads the index alone (30 days at a million orders: 145 ms
-- reading the table for each order's state, 60 ms from the index).
DROP INDEX "orders_paid_at_idx";--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") INCLUDE ("total_amount", "cost", "fee", "payment_method", "delivered_at", "stock_delivered_at", "refunded_amount", "customer_email", "payment_status") WHERE "orders"."paid_at" is not null and not "orders"."test_payment";
--> statement-breakpoint
-- The refunds of the reports by Pakistan day (ADR-057, amended): the report re-read every refund of
-- both periods and, for each, the cost its lines brought back (450 ms to 1 s for a year and the year
-- before at a million orders). Each refund of an order that is not a test payment counts on the day it
-- was made: its amount, and the cost that came back ((undelivered + returned) × the line's unit cost).
-- Kept as the sales days are: triggers append to the deltas, the minute sweep folds them.
CREATE TABLE "refund_days" (
	"day" date PRIMARY KEY NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"back" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE "refund_day_deltas" (
	"day" date NOT NULL,
	"amount" bigint NOT NULL,
	"back" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "refund_day_deltas_day_idx" ON "refund_day_deltas" USING btree ("day");--> statement-breakpoint
-- A refund's whole part (its amount and its lines' cost back), added or taken away.
CREATE FUNCTION "add_refund_part"(r "refunds", sign integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO refund_day_deltas (day, amount, back)
	SELECT ((r.created_at AT TIME ZONE 'UTC') + interval '5 hours')::date, sign * r.amount,
		sign * coalesce((SELECT sum((rl.undelivered + rl.returned) * coalesce(ol.unit_cost, 0)) FROM refund_lines rl JOIN order_lines ol ON ol.id = rl.order_line_id WHERE rl.refund_id = r.id), 0)
	WHERE EXISTS (SELECT 1 FROM orders o WHERE o.id = r.order_id AND NOT o.test_payment);
$$;--> statement-breakpoint
CREATE FUNCTION "refunds_refund_days_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND (OLD.order_id, OLD.amount, OLD.created_at) IS NOT DISTINCT FROM (NEW.order_id, NEW.amount, NEW.created_at) THEN
		RETURN NULL;
	END IF;
	-- A deleted refund is taken away BEFORE the delete, with its lines still there; its lines' own
	-- trigger then finds no refund and adds nothing.
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM add_refund_part(OLD, -1); END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM add_refund_part(NEW, 1); END IF;
	RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
END $$;--> statement-breakpoint
CREATE TRIGGER "refunds_refund_days" AFTER INSERT OR UPDATE ON "refunds" FOR EACH ROW EXECUTE FUNCTION "refunds_refund_days_trigger"();--> statement-breakpoint
CREATE TRIGGER "refunds_refund_days_delete" BEFORE DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION "refunds_refund_days_trigger"();--> statement-breakpoint
-- One refund line's cost back, added or taken away (nothing when its refund is gone or its order is a test payment).
CREATE FUNCTION "add_refund_line_part"(l "refund_lines", sign integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO refund_day_deltas (day, amount, back)
	SELECT ((r.created_at AT TIME ZONE 'UTC') + interval '5 hours')::date, 0, sign * (l.undelivered + l.returned) * coalesce(ol.unit_cost, 0)
	FROM refunds r JOIN orders o ON o.id = r.order_id AND NOT o.test_payment LEFT JOIN order_lines ol ON ol.id = l.order_line_id
	WHERE r.id = l.refund_id;
$$;--> statement-breakpoint
CREATE FUNCTION "refund_lines_refund_days_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM add_refund_line_part(OLD, -1); END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM add_refund_line_part(NEW, 1); END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "refund_lines_refund_days" AFTER INSERT OR UPDATE OR DELETE ON "refund_lines" FOR EACH ROW EXECUTE FUNCTION "refund_lines_refund_days_trigger"();--> statement-breakpoint
-- A unit cost recorded or changed after a refund of that line: its cost back moves by the difference.
CREATE FUNCTION "order_lines_refund_days_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO refund_day_deltas (day, amount, back)
	SELECT ((r.created_at AT TIME ZONE 'UTC') + interval '5 hours')::date, 0, (rl.undelivered + rl.returned) * (coalesce(NEW.unit_cost, 0) - coalesce(OLD.unit_cost, 0))
	FROM refund_lines rl JOIN refunds r ON r.id = rl.refund_id JOIN orders o ON o.id = r.order_id AND NOT o.test_payment
	WHERE rl.order_line_id = NEW.id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_lines_refund_days" AFTER UPDATE OF "unit_cost" ON "order_lines" FOR EACH ROW WHEN (OLD.unit_cost IS DISTINCT FROM NEW.unit_cost) EXECUTE FUNCTION "order_lines_refund_days_trigger"();--> statement-breakpoint
-- An order that becomes a test payment (or stops being one) takes its refunds away (or adds them).
-- Refunds and their lines keep their orders and lines (ON DELETE RESTRICT), so no delete of either needs more.
CREATE FUNCTION "orders_refund_days_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	r refunds;
	s integer := CASE WHEN NEW.test_payment THEN -1 ELSE 1 END;
BEGIN
	FOR r IN SELECT * FROM refunds WHERE order_id = NEW.id LOOP
		INSERT INTO refund_day_deltas (day, amount, back)
		VALUES (((r.created_at AT TIME ZONE 'UTC') + interval '5 hours')::date, s * r.amount,
			s * coalesce((SELECT sum((rl.undelivered + rl.returned) * coalesce(ol.unit_cost, 0)) FROM refund_lines rl JOIN order_lines ol ON ol.id = rl.order_line_id WHERE rl.refund_id = r.id), 0));
	END LOOP;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_refund_days" AFTER UPDATE OF "test_payment" ON "orders" FOR EACH ROW WHEN (OLD.test_payment IS DISTINCT FROM NEW.test_payment) EXECUTE FUNCTION "orders_refund_days_trigger"();--> statement-breakpoint
-- The sweep folds the delivery times' and the refunds' deltas with the sales'.
CREATE OR REPLACE FUNCTION "fold_sales_day_deltas"() RETURNS void LANGUAGE plpgsql AS $$
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
	WITH moved AS (DELETE FROM delivery_time_day_deltas RETURNING *)
	INSERT INTO delivery_time_days AS t (day, from_stock, bucket, orders, seconds)
	SELECT day, from_stock, bucket, sum(orders), sum(seconds) FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT (day, from_stock, bucket) DO UPDATE SET orders = t.orders + excluded.orders, seconds = t.seconds + excluded.seconds;
	WITH moved AS (DELETE FROM refund_day_deltas RETURNING *)
	INSERT INTO refund_days AS t (day, amount, back)
	SELECT day, sum(amount), sum(back) FROM moved GROUP BY 1 ORDER BY 1
	ON CONFLICT (day) DO UPDATE SET amount = t.amount + excluded.amount, back = t.back + excluded.back;
END $$;--> statement-breakpoint
CREATE FUNCTION "recount_refund_days"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM refund_day_deltas;
	DELETE FROM refund_days;
	INSERT INTO refund_days (day, amount, back)
	SELECT ((r.created_at AT TIME ZONE 'UTC') + interval '5 hours')::date, sum(r.amount),
		sum(coalesce((SELECT sum((rl.undelivered + rl.returned) * coalesce(ol.unit_cost, 0)) FROM refund_lines rl JOIN order_lines ol ON ol.id = rl.order_line_id WHERE rl.refund_id = r.id), 0))
	FROM refunds r JOIN orders o ON o.id = r.order_id WHERE NOT o.test_payment GROUP BY 1;
$$;--> statement-breakpoint
-- Counting every order again (after a restore, or a bulk load with triggers off) counts the delivery
-- times and the refunds too.
CREATE OR REPLACE FUNCTION "recount_sales_days"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM sales_day_deltas;
	DELETE FROM sales_day_line_deltas;
	DELETE FROM orders_placed_day_deltas;
	SELECT recount_sales_days_from_orders();
	SELECT recount_delivery_time_days();
	SELECT recount_refund_days();
$$;--> statement-breakpoint
SELECT recount_refund_days();
