-- History at scale (ADR-057), measured on a million orders. The dashboard's stock panel asks each
-- option for its newest unit (max(id)): on (variant_id) alone PostgreSQL walked the whole primary key
-- backwards to find it; on (variant_id, id) it is one index probe.
DROP INDEX IF EXISTS "stock_units_variant_idx";--> statement-breakpoint
CREATE INDEX "stock_units_variant_idx" ON "stock_units" USING btree ("variant_id","id");--> statement-breakpoint
-- The buyer's key (lower(btrim(email))) had no statistics of its own (its index is partial), so one
-- buyer's 500 orders were guessed as one and joined by nested loops: give the planner the figures.
CREATE STATISTICS IF NOT EXISTS "orders_buyer_key_stats" ON (lower(btrim("customer_email"))) FROM "orders";--> statement-breakpoint
ANALYZE "orders";
--> statement-breakpoint
-- The sales reports' rollups (ADR-057, amending ADR-031's "no rollups"): by Pakistan day, what the
-- report used to re-add from every paid order and line of the range on each view. Kept by triggers
-- on orders and order_lines, in the transaction of whatever write changes an order's part, so a
-- payment, a refund, a cancel or a cost recorded later can never leave them behind.
CREATE TABLE "sales_days" (
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"without_cost" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_days_pkey" PRIMARY KEY("day","payment_method")
);--> statement-breakpoint
CREATE TABLE "sales_day_lines" (
	"day" date NOT NULL,
	"product_id" integer,
	"variant_id" integer,
	"name" text NOT NULL,
	"option_label" text,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "sales_day_lines_key" ON "sales_day_lines" USING btree ("day","product_id","variant_id","name","option_label") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE TABLE "orders_placed_days" (
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "orders_placed_days_pkey" PRIMARY KEY("day","payment_method")
);--> statement-breakpoint
-- An order's part in the rollups, added (sign 1) or taken away (sign -1). A sale is the payment
-- states of SALE_STATES (app/domain/orders/order-facts.ts; tests/lint/sales-rollups.test.ts keeps
-- the two lists equal), never a test payment; days are Pakistan days (UTC+5), as the report's.
CREATE FUNCTION "count_order_in_sales_days"(o "orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	sale boolean := o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment;
BEGIN
	IF o.paid_at IS NOT NULL AND sale THEN
		INSERT INTO sales_days AS t (day, payment_method, orders, revenue, cost, without_cost)
		VALUES (((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours')::date, o.payment_method, sign, sign * o.total_amount,
			sign * (coalesce(o.cost, 0) + coalesce(o.fee, 0)), sign * (o.cost IS NULL)::int)
		ON CONFLICT (day, payment_method) DO UPDATE SET orders = t.orders + excluded.orders, revenue = t.revenue + excluded.revenue,
			cost = t.cost + excluded.cost, without_cost = t.without_cost + excluded.without_cost;
		INSERT INTO sales_day_lines AS t (day, product_id, variant_id, name, option_label, units, revenue, discount, cost)
		SELECT ((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours')::date, l.product_id, l.variant_id, l.name, l.option_label,
			sign * sum(l.quantity), sign * sum(l.line_total), sign * sum(l.discount), sign * sum(coalesce(l.cost, 0))
		FROM order_lines l WHERE l.order_id = o.id GROUP BY l.product_id, l.variant_id, l.name, l.option_label
		ON CONFLICT (day, product_id, variant_id, name, option_label) DO UPDATE SET units = t.units + excluded.units,
			revenue = t.revenue + excluded.revenue, discount = t.discount + excluded.discount, cost = t.cost + excluded.cost;
	END IF;
	IF NOT o.test_payment THEN
		INSERT INTO orders_placed_days AS t (day, payment_method, placed, paid, delivered, expired)
		VALUES (((o.created_at AT TIME ZONE 'UTC') + interval '5 hours')::date, o.payment_method, sign,
			sign * (o.paid_at IS NOT NULL AND sale)::int, sign * (o.delivered_at IS NOT NULL)::int, sign * (o.payment_status = 'expired')::int)
		ON CONFLICT (day, payment_method) DO UPDATE SET placed = t.placed + excluded.placed, paid = t.paid + excluded.paid,
			delivered = t.delivered + excluded.delivered, expired = t.expired + excluded.expired;
	END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "orders_sales_days_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND (OLD.payment_status, OLD.test_payment, OLD.paid_at, OLD.payment_method, OLD.total_amount, OLD.cost, OLD.fee, OLD.created_at, OLD.delivered_at)
		IS NOT DISTINCT FROM (NEW.payment_status, NEW.test_payment, NEW.paid_at, NEW.payment_method, NEW.total_amount, NEW.cost, NEW.fee, NEW.created_at, NEW.delivered_at) THEN
		RETURN NULL;
	END IF;
	-- A deleted order is taken away BEFORE the delete, while its lines are still there to subtract.
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM count_order_in_sales_days(OLD, -1); END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM count_order_in_sales_days(NEW, 1); END IF;
	RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_sales_days" AFTER INSERT OR UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_sales_days_trigger"();--> statement-breakpoint
CREATE TRIGGER "orders_sales_days_delete" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_sales_days_trigger"();--> statement-breakpoint
-- A line added, changed (its cost recorded at payment) or removed while its order counts as a sale.
CREATE FUNCTION "count_line_in_sales_days"(l "order_lines", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	o orders;
BEGIN
	SELECT * INTO o FROM orders WHERE id = l.order_id;
	-- No order: it is being deleted, and took its lines away before.
	IF o.id IS NULL OR o.paid_at IS NULL OR o.test_payment OR o.payment_status NOT IN ('paid', 'partly_refunded', 'refunded') THEN RETURN; END IF;
	INSERT INTO sales_day_lines AS t (day, product_id, variant_id, name, option_label, units, revenue, discount, cost)
	VALUES (((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours')::date, l.product_id, l.variant_id, l.name, l.option_label,
		sign * l.quantity, sign * l.line_total, sign * l.discount, sign * coalesce(l.cost, 0))
	ON CONFLICT (day, product_id, variant_id, name, option_label) DO UPDATE SET units = t.units + excluded.units,
		revenue = t.revenue + excluded.revenue, discount = t.discount + excluded.discount, cost = t.cost + excluded.cost;
END $$;--> statement-breakpoint
CREATE FUNCTION "order_lines_sales_days_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM count_line_in_sales_days(OLD, -1); END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM count_line_in_sales_days(NEW, 1); END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_lines_sales_days" AFTER INSERT OR UPDATE OR DELETE ON "order_lines" FOR EACH ROW EXECUTE FUNCTION "order_lines_sales_days_trigger"();--> statement-breakpoint
-- Counts every order again from scratch: the backfill below, and a bulk load made with triggers off.
CREATE FUNCTION "recount_sales_days"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM sales_days;
	DELETE FROM sales_day_lines;
	DELETE FROM orders_placed_days;
	INSERT INTO sales_days (day, payment_method, orders, revenue, cost, without_cost)
	SELECT ((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours')::date, o.payment_method, count(*), sum(o.total_amount),
		sum(coalesce(o.cost, 0) + coalesce(o.fee, 0)), count(*) FILTER (WHERE o.cost IS NULL)
	FROM orders o WHERE o.paid_at IS NOT NULL AND o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment GROUP BY 1, 2;
	INSERT INTO sales_day_lines (day, product_id, variant_id, name, option_label, units, revenue, discount, cost)
	SELECT ((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours')::date, l.product_id, l.variant_id, l.name, l.option_label,
		sum(l.quantity), sum(l.line_total), sum(l.discount), sum(coalesce(l.cost, 0))
	FROM orders o JOIN order_lines l ON l.order_id = o.id
	WHERE o.paid_at IS NOT NULL AND o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment GROUP BY 1, 2, 3, 4, 5;
	INSERT INTO orders_placed_days (day, payment_method, placed, paid, delivered, expired)
	SELECT ((o.created_at AT TIME ZONE 'UTC') + interval '5 hours')::date, o.payment_method, count(*),
		count(*) FILTER (WHERE o.paid_at IS NOT NULL AND o.payment_status IN ('paid', 'partly_refunded', 'refunded')),
		count(o.delivered_at), count(*) FILTER (WHERE o.payment_status = 'expired')
	FROM orders o WHERE NOT o.test_payment GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT recount_sales_days();
--> statement-breakpoint
-- The console's customers (ADR-057): each buyer's figures, kept as the sales days are, so the list
-- sorts 300,000 buyers by an index instead of grouping a million orders on every view. The same
-- figures as customers.server.ts counted: every order with the key, its sales' money net of refunds.
CREATE TABLE "customer_figures" (
	"email" text PRIMARY KEY NOT NULL,
	"first_order_id" bigint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "customer_figures_spent_idx" ON "customer_figures" USING btree ("spent" DESC,"last_at" DESC,"email") WHERE "orders" > 0;--> statement-breakpoint
CREATE INDEX "customer_figures_last_idx" ON "customer_figures" USING btree ("last_at" DESC,"email") WHERE "orders" > 0;--> statement-breakpoint
-- One buyer counted again from their orders (the covering index of their key): after a delete, or an
-- order moved to another email, where the earliest and latest cannot be taken away.
CREATE FUNCTION "recount_customer_figures"(key text) RETURNS void LANGUAGE sql AS $$
	DELETE FROM customer_figures WHERE email = key;
	INSERT INTO customer_figures (email, first_order_id, orders, paid_orders, spent, refunded, first_at, last_at)
	SELECT key, min(o.id), count(*),
		count(*) FILTER (WHERE o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment),
		coalesce(sum(o.total_amount - o.refunded_amount) FILTER (WHERE o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment), 0),
		coalesce(sum(o.refunded_amount) FILTER (WHERE o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment), 0),
		min(o.created_at), max(o.created_at)
	FROM orders o WHERE o.customer_email IS NOT NULL AND lower(btrim(o.customer_email)) = key HAVING count(*) > 0;
$$;--> statement-breakpoint
-- Counts and sums move by what changed, so two orders of one buyer written at once both count.
CREATE FUNCTION "count_order_in_customer_figures"(o "orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	key text := lower(btrim(o.customer_email));
	sale boolean := o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment;
BEGIN
	IF key IS NULL OR key = '' THEN RETURN; END IF;
	INSERT INTO customer_figures AS t (email, first_order_id, orders, paid_orders, spent, refunded, first_at, last_at)
	VALUES (key, o.id, sign, sign * sale::int, sign * CASE WHEN sale THEN o.total_amount - o.refunded_amount ELSE 0 END,
		sign * CASE WHEN sale THEN o.refunded_amount ELSE 0 END, o.created_at, o.created_at)
	ON CONFLICT (email) DO UPDATE SET orders = t.orders + excluded.orders, paid_orders = t.paid_orders + excluded.paid_orders,
		spent = t.spent + excluded.spent, refunded = t.refunded + excluded.refunded,
		first_order_id = least(t.first_order_id, excluded.first_order_id), first_at = least(t.first_at, excluded.first_at), last_at = greatest(t.last_at, excluded.last_at);
END $$;--> statement-breakpoint
CREATE FUNCTION "orders_customer_figures_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM count_order_in_customer_figures(NEW, 1);
	ELSIF TG_OP = 'DELETE' OR lower(btrim(OLD.customer_email)) IS DISTINCT FROM lower(btrim(NEW.customer_email)) OR OLD.created_at IS DISTINCT FROM NEW.created_at THEN
		PERFORM recount_customer_figures(lower(btrim(OLD.customer_email)));
		IF TG_OP = 'UPDATE' THEN PERFORM recount_customer_figures(lower(btrim(NEW.customer_email))); END IF;
	ELSIF (OLD.payment_status, OLD.test_payment, OLD.total_amount, OLD.refunded_amount) IS DISTINCT FROM (NEW.payment_status, NEW.test_payment, NEW.total_amount, NEW.refunded_amount) THEN
		PERFORM count_order_in_customer_figures(OLD, -1);
		PERFORM count_order_in_customer_figures(NEW, 1);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_customer_figures" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_customer_figures_trigger"();--> statement-breakpoint
CREATE FUNCTION "recount_all_customer_figures"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM customer_figures;
	INSERT INTO customer_figures (email, first_order_id, orders, paid_orders, spent, refunded, first_at, last_at)
	SELECT lower(btrim(o.customer_email)), min(o.id), count(*),
		count(*) FILTER (WHERE o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment),
		coalesce(sum(o.total_amount - o.refunded_amount) FILTER (WHERE o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment), 0),
		coalesce(sum(o.refunded_amount) FILTER (WHERE o.payment_status IN ('paid', 'partly_refunded', 'refunded') AND NOT o.test_payment), 0),
		min(o.created_at), max(o.created_at)
	FROM orders o WHERE o.customer_email IS NOT NULL AND lower(btrim(o.customer_email)) <> '' GROUP BY 1;
$$;--> statement-breakpoint
SELECT recount_all_customer_figures();
