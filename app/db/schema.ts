import { sql } from 'drizzle-orm'
import {
	bigint,
	bigserial,
	boolean,
	check,
	date,
	doublePrecision,
	index,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	customType,
	serial,
	smallint,
	text,
	timestamp,
	uniqueIndex,
	uuid,
	type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import type {
	Category,
	ContentPage,
	ProductBadge,
	ProductImageSet,
	ProductKind,
	ProductStatus,
	Specification,
	TermsPage,
} from '../domain/catalogue/types'
import { DELIVERY_STATES, PAYMENT_STATES, REFUND_METHODS, type CreditKind, type DeliveryState, type PaymentState, type RefundMethod } from './order-states'
import { MAX_COST_US_CENTS, MAX_ORDER_TOTAL, MAX_PRICE, MAX_QUANTITY } from '../utils/money'

// The shop's money limits as the CHECKs write them (literals: a CHECK takes no parameter).
const PRICE = sql.raw(String(MAX_PRICE))
const TOTAL = sql.raw(String(MAX_ORDER_TOTAL))
const QUANTITY = sql.raw(String(MAX_QUANTITY))
const US_CENTS = sql.raw(String(MAX_COST_US_CENTS))
import type { BlockKind } from './block-kinds'
import type { Lang } from '../i18n/lang'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
	dataType: () => 'bytea',
	fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

export const products = pgTable(
	'products',
	{
		id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
		name: text('name').notNull(),
		description: text('description').notNull(),
		/** The owner's Urdu name and description for /ur pages (ADR-032); null: the English shows there. */
		nameUr: text('name_ur'),
		descriptionUr: text('description_ur'),
		originalPrice: integer('original_price'),
		/** The main cover's URL: the shop's own /images/products/… or an uploaded /media/… image. */
		image: text('image').notNull(),
		/** An uploaded cover's sizes (ProductImageSet): the storefront builds srcset and width/height from it. */
		imageSet: jsonb('image_set').$type<ProductImageSet | null>(),
		caption: text('caption').notNull(),
		/** The owner's Urdu caption for /ur pages' cards; null: the English shows there. */
		captionUr: text('caption_ur'),
		/** xbox, playstation or pc: the console API's `platform` (the spec's product shape calls it `category`). */
		platform: text('platform').$type<Category>().notNull(),
		kind: text('kind').$type<ProductKind>().notNull().default('game_key'),
		badge: text('badge').$type<ProductBadge | null>(),
		features: jsonb('features').$type<string[]>().notNull(),
		/** The owner's Urdu features for /ur pages, one per line as on the English list; null or empty: the English list shows there. */
		featuresUr: jsonb('features_ur').$type<string[] | null>(),
		specifications: jsonb('specifications').$type<Specification[]>().notNull(),
		paymentMethods: jsonb('payment_methods').$type<string[]>().notNull(),
		/** The terms a purchase passes before checkout (the spec's Game Pass terms pages), if any. */
		termsPage: text('terms_page').$type<TermsPage | null>(),
		/** The page listing what the product includes (game library, content list), if any. */
		contentPage: text('content_page').$type<ContentPage | null>(),
		/** Products in one group show one list of reviews (the spec's Game Pass pair). */
		reviewGroup: text('review_group'),
		/** A DM order of it runs for a number of days, with reminder emails before the end (§5: the Game Pass products). Set on the product's console page. */
		hasDuration: boolean('has_duration').notNull().default(false),
		/** Days after delivery a buyer may return a unit from stock they never opened, for store credit (ADR-051); null or 0: no returns. */
		returnDays: integer('return_days'),
		/** manual: staff deliver by hand (today's way); stock_*: delivered from stock at payment, and when out either sold for manual delivery or not sold. */
		stockMode: text('stock_mode').$type<StockMode>().notNull().default('manual'),
		/** Days after delivery a delivered unit may be claimed as not working (ADR-052); 0: no claims. */
		claimDays: integer('claim_days').notNull().default(7),
		/** A claim on this product is answered at once with a replacement from stock, once per order (ADR-052). */
		autoReplace: boolean('auto_replace').notNull().default(false),
		featured: boolean('featured').notNull().default(false),
		/** Lower first on the storefront; ties by id. */
		sortOrder: integer('sort_order').notNull().default(0),
		/** Visible on the storefront. A product orders refer to is hidden, never deleted. */
		visible: boolean('visible').notNull().default(true),
		/** draft: made on the console and seen only by staff until published (ADR-046); published: on sale while visible. */
		status: text('status').$type<ProductStatus>().notNull().default('published'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('products_storefront_idx').on(t.visible, t.sortOrder, t.id), check('products_original_price_check', sql`${t.originalPrice} between 0 and ${PRICE}`), check('products_status_check', sql`${t.status} in ('draft', 'published')`), check('products_claim_days_check', sql`${t.claimDays} between 0 and 365`), check('products_return_days_check', sql`${t.returnDays} between 0 and 365`)],
)

/**
 * What a buyer can buy of a product, each with its own price in whole rupees: a duration (months,
 * per account type where private and shared differ), a gift-card value, an account type, or the
 * product itself. months 0 or value 0 with price 0 is a "custom" entry quoted on WhatsApp.
 */
export const productVariants = pgTable(
	'product_variants',
	{
		id: serial('id').primaryKey(),
		/** A product's options go with it (a product orders refer to is never deleted: order_lines restrict it). */
		productId: integer('product_id')
			.notNull()
			.references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
		label: text('label').notNull(),
		months: integer('months'),
		value: integer('value'),
		accountType: text('account_type').$type<'private' | 'shared' | null>(),
		price: integer('price').notNull(),
		position: integer('position').notNull().default(0),
		hidden: boolean('hidden').notNull().default(false),
		/** Staff are alerted when this variant's available stock falls to this many units or fewer. */
		lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
		/** What one unit costs the shop (owner and catalogue staff only, never a buyer): whole rupees, or US cents converted at the owner's rate (app/domain/costs); at most one is set. */
		costRupees: integer('cost_rupees'),
		costUsdCents: integer('cost_usd_cents'),
		/** The least margin a unit bought from a supplier must leave (ADR-053), in percent of the option's price; null: 0, never at a loss. */
		minMarginPercent: integer('min_margin_percent'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('product_variants_product_idx').on(t.productId, t.position),
		check('product_variants_min_margin_check', sql`${t.minMarginPercent} between 0 and 500`),
		check('product_variants_price_check', sql`${t.price} between 0 and ${PRICE}`),
		check('product_variants_months_check', sql`${t.months} >= 0`),
		check('product_variants_value_check', sql`${t.value} >= 0`),
		check('product_variants_account_type_check', sql`${t.accountType} in ('private', 'shared')`),
		check('product_variants_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
		check('product_variants_cost_check', sql`${t.costRupees} between 0 and ${PRICE} and ${t.costUsdCents} between 0 and ${US_CENTS} and (${t.costRupees} is null or ${t.costUsdCents} is null)`),
	],
)

export type StockMode = 'manual' | 'stock_or_manual' | 'stock_only'
export type StockUnitKind = 'code' | 'account'
export type StockUnitStatus = 'available' | 'used' | 'voided'

/**
 * Codes and accounts staff imported for a variant, delivered the moment an order is paid. The unit
 * itself is encrypted (secret, under the delivery key named by key_id); fingerprint is a keyed hash
 * (HMAC) of it, so a duplicate is refused without decrypting anything. An account serves `slots`
 * buyers (a shared account 2); a unit is 'used' once every slot is taken.
 */
export const stockUnits = pgTable(
	'stock_units',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		/** A deleted product's codes and accounts go with it (one with orders is hidden, never deleted). */
		productId: integer('product_id')
			.notNull()
			.references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
		variantId: integer('variant_id')
			.notNull()
			.references((): AnyPgColumn => productVariants.id, { onDelete: 'cascade' }),
		kind: text('kind').$type<StockUnitKind>().notNull(),
		secret: text('secret').notNull(),
		keyId: text('key_id').notNull(),
		fingerprint: text('fingerprint').notNull(),
		/** 2: a code's fingerprint compares look-alike letters, dashes and invisible characters as one (stock-normalise.server.ts); 1: imported before, re-fingerprinted at start. */
		fingerprintVersion: smallint('fingerprint_version').notNull().default(2),
		/** Found to be a copy of this earlier unit when codes began to be compared across the shop: voided if unsold, never sold again. */
		duplicateOf: bigint('duplicate_of', { mode: 'number' }).references((): AnyPgColumn => stockUnits.id),
		slots: integer('slots').notNull().default(1),
		slotsUsed: integer('slots_used').notNull().default(0),
		status: text('status').$type<StockUnitStatus>().notNull().default('available'),
		importedBy: text('imported_by'),
		/** What this unit cost, when its import said (wins over the option's cost): whole rupees or US cents, at most one. */
		costRupees: integer('cost_rupees'),
		costUsdCents: integer('cost_usd_cents'),
		voidReason: text('void_reason'),
		/** The supplier purchase this code was bought by (ADR-053); null: imported by staff. */
		supplierPurchaseId: bigint('supplier_purchase_id', { mode: 'number' }).references((): AnyPgColumn => supplierPurchases.id, { onDelete: 'set null' }),
		/** Bought for this order: no other order takes it while it waits to be delivered (ADR-053). */
		forOrderId: bigint('for_order_id', { mode: 'number' }).references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		voidedAt: timestamp('voided_at', { withTimezone: true }),
	},
	(t) => [
		index('stock_units_for_order_idx')
			.on(t.forOrderId)
			.where(sql`${t.forOrderId} is not null`),
		// A code is in stock once in the whole shop; an account's login once per product. Copies found
		// in stock from before (duplicate_of) are kept out of both.
		uniqueIndex('stock_units_product_fingerprint_key')
			.on(t.productId, t.fingerprint)
			.where(sql`${t.duplicateOf} is null`),
		uniqueIndex('stock_units_code_fingerprint_key')
			.on(t.fingerprint)
			.where(sql`${t.kind} = 'code' and ${t.duplicateOf} is null`),
		// The order a delivered code went to, found by its keyed hash (copies included: drizzle/0040).
		index('stock_units_code_search_idx')
			.on(t.fingerprint)
			.where(sql`${t.kind} = 'code'`),
		index('stock_units_available_idx')
			.on(t.variantId, t.id)
			.where(sql`${t.status} = 'available'`),
		index('stock_units_product_idx').on(t.productId),
		// (variant_id, id): the newest unit of an option is one probe (drizzle/0051).
		index('stock_units_variant_idx').on(t.variantId, t.id),
		index('stock_units_duplicate_of_idx')
			.on(t.duplicateOf)
			.where(sql`${t.duplicateOf} is not null`),
		check('stock_units_kind_check', sql`${t.kind} in ('code', 'account')`),
		check('stock_units_status_check', sql`${t.status} in ('available', 'used', 'voided')`),
		check('stock_units_cost_check', sql`${t.costRupees} between 0 and ${PRICE} and ${t.costUsdCents} between 0 and ${US_CENTS} and (${t.costRupees} is null or ${t.costUsdCents} is null)`),
		check('stock_units_slots_check', sql`${t.slots} >= 1 and ${t.slotsUsed} >= 0 and ${t.slotsUsed} <= ${t.slots}`),
	],
)

/** Which order line got which unit and slot; a slot is taken once, ever (unique). A replaced unit keeps its row. */
export const stockAssignments = pgTable(
	'stock_assignments',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		/** A unit sold stays: its stock cannot be deleted under it. */
		unitId: bigint('unit_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => stockUnits.id, { onDelete: 'restrict' }),
		slot: integer('slot').notNull(),
		orderId: bigint('order_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
		orderNumber: text('order_number').notNull(),
		/** The order line this unit was delivered for. */
		lineId: bigint('line_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => orderLines.id, { onDelete: 'cascade' }),
		/** The line's position in its order (order_lines.position) and which of its quantity this is. */
		lineIndex: integer('line_index').notNull(),
		unitIndex: integer('unit_index').notNull().default(0),
		assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
		/** Set when staff replaced this unit (it did not work); the replacement is a new row. */
		replacedAt: timestamp('replaced_at', { withTimezone: true }),
		replacedBy: text('replaced_by'),
		/** Set when a refund took this unit back (voided, or returned to stock and its row removed). */
		refundedAt: timestamp('refunded_at', { withTimezone: true }),
	},
	(t) => [
		uniqueIndex('stock_assignments_unit_slot_key').on(t.unitId, t.slot),
		index('stock_assignments_order_idx').on(t.orderId),
		index('stock_assignments_line_idx').on(t.lineId),
		check('stock_assignments_slot_check', sql`${t.slot} >= 1`),
		check('stock_assignments_line_index_check', sql`${t.lineIndex} >= 0 and ${t.unitIndex} >= 0`),
	],
)

export type SupplierKind = 'kinguin'

/** A wholesaler the shop buys codes from when its stock cannot serve a paid order (ADR-053). The API key is sealed like delivery codes. */
export const suppliers = pgTable(
	'suppliers',
	{
		id: serial('id').primaryKey(),
		name: text('name').notNull(),
		/** Which protocol the supplier speaks (app/domain/suppliers/supplier-registry.server.ts). */
		kind: text('kind').$type<SupplierKind>().notNull().default('kinguin'),
		baseUrl: text('base_url').notNull(),
		/** Sealed with the delivery key (encryptDelivery); never shown again once saved. */
		apiKey: text('api_key').notNull(),
		/** The shop's own simulator (/supplier-sim): nothing real is bought; the setup checklist says so. */
		simulator: boolean('simulator').notNull().default(false),
		/** Off: its options are not bought from it (nor counted available) until it is on again. */
		active: boolean('active').notNull().default(true),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [check('suppliers_kind_check', sql`${t.kind} in ('kinguin')`), check('suppliers_name_check', sql`char_length(${t.name}) between 1 and 80`)],
)

/** An option's suppliers in order of preference (position), each with the supplier's own product id. */
export const variantSupply = pgTable(
	'variant_supply',
	{
		variantId: integer('variant_id')
			.notNull()
			.references((): AnyPgColumn => productVariants.id, { onDelete: 'cascade' }),
		supplierId: integer('supplier_id')
			.notNull()
			.references((): AnyPgColumn => suppliers.id, { onDelete: 'cascade' }),
		position: integer('position').notNull().default(0),
		supplierProductId: text('supplier_product_id').notNull(),
	},
	(t) => [
		primaryKey({ columns: [t.variantId, t.supplierId] }),
		index('variant_supply_supplier_idx').on(t.supplierId),
		check('variant_supply_product_id_check', sql`char_length(${t.supplierProductId}) between 1 and 100`),
		check('variant_supply_position_check', sql`${t.position} >= 0`),
	],
)

/**
 * pending: stored (with its key) before the supplier is called, or called with no answer yet; ordered: the
 * supplier took the order, its keys are awaited; delivered: every key came and went to the order;
 * failed: this supplier could not, the next one was tried; waiting: staff must act (reason).
 */
export type SupplierPurchaseStatus = 'pending' | 'ordered' | 'delivered' | 'failed' | 'waiting'

/** One purchase from a supplier for units of an order line, exactly once per idempotency key (ADR-053). */
export const supplierPurchases = pgTable(
	'supplier_purchases',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		orderId: bigint('order_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
		orderNumber: text('order_number').notNull(),
		lineId: bigint('line_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => orderLines.id, { onDelete: 'cascade' }),
		lineIndex: integer('line_index').notNull(),
		variantId: integer('variant_id').references((): AnyPgColumn => productVariants.id, { onDelete: 'set null' }),
		supplierId: integer('supplier_id').references((): AnyPgColumn => suppliers.id, { onDelete: 'set null' }),
		supplierProductId: text('supplier_product_id').notNull(),
		quantity: integer('quantity').notNull(),
		/** Sent to the supplier as its order's external id: the order is found by it after a crash. */
		idempotencyKey: text('idempotency_key').notNull(),
		status: text('status').$type<SupplierPurchaseStatus>().notNull().default('pending'),
		supplierOrderId: text('supplier_order_id'),
		/** The supplier's price for one unit, in cents of its account's currency (taken as dollars: the owner's rate). */
		unitPriceCents: integer('unit_price_cents'),
		/** The most one unit may cost and still leave the option's minimum margin. */
		maxUnitPriceCents: integer('max_unit_price_cents'),
		keysReceived: integer('keys_received').notNull().default(0),
		/** Why it failed or waits for staff: a message key (app/i18n/en/suppliers.ts) and its places. */
		reason: text('reason'),
		reasonParams: jsonb('reason_params').$type<Record<string, string | number>>(),
		attempts: integer('attempts').notNull().default(0),
		/** A worker is calling the supplier for this row until then (database time); a dead worker's lease lapses. */
		leaseUntil: timestamp('lease_until', { withTimezone: true }),
		orderedAt: timestamp('ordered_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('supplier_purchases_idempotency_key').on(t.idempotencyKey),
		index('supplier_purchases_order_idx').on(t.orderId),
		index('supplier_purchases_open_idx')
			.on(t.updatedAt, t.id)
			.where(sql`${t.status} in ('pending', 'ordered')`),
		index('supplier_purchases_status_idx').on(t.status, t.id),
		check('supplier_purchases_status_check', sql`${t.status} in ('pending', 'ordered', 'delivered', 'failed', 'waiting')`),
		check('supplier_purchases_quantity_check', sql`${t.quantity} between 1 and 100 and ${t.keysReceived} between 0 and ${t.quantity}`),
		check('supplier_purchases_attempts_check', sql`${t.attempts} >= 0`),
	],
)

/** What each supplier's account could spend when last asked, and below what the staff are alerted (ADR-054): written by the daily check and the owner's threshold. */
export const supplierWatch = pgTable(
	'supplier_watch',
	{
		supplierId: integer('supplier_id')
			.primaryKey()
			.references((): AnyPgColumn => suppliers.id, { onDelete: 'cascade' }),
		/** Alert when the balance falls below this (cents of the supplier's currency); null: never. */
		lowBalanceCents: integer('low_balance_cents'),
		balanceCents: integer('balance_cents'),
		balanceCheckedAt: timestamp('balance_checked_at', { withTimezone: true }),
		/** Why the last check could not read the balance (the supplier's sentence); null when it could. */
		checkProblem: text('check_problem'),
		/** Since when the balance is below its threshold: one alert per time it runs low. */
		lowSince: timestamp('low_since', { withTimezone: true }),
	},
	(t) => [check('supplier_watch_low_balance_check', sql`${t.lowBalanceCents} >= 0`)],
)

/** Each mapped option's cost at its supplier, once a Pakistan day (ADR-054); a null price: the supplier no longer sells it. */
export const supplierCosts = pgTable(
	'supplier_costs',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		variantId: integer('variant_id')
			.notNull()
			.references((): AnyPgColumn => productVariants.id, { onDelete: 'cascade' }),
		supplierId: integer('supplier_id')
			.notNull()
			.references((): AnyPgColumn => suppliers.id, { onDelete: 'cascade' }),
		supplierProductId: text('supplier_product_id').notNull(),
		/** The Pakistan day, YYYY-MM-DD. */
		day: text('day').notNull(),
		unitPriceCents: integer('unit_price_cents'),
		available: integer('available'),
		checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('supplier_costs_day_key').on(t.variantId, t.supplierId, t.day),
		index('supplier_costs_supplier_idx').on(t.supplierId),
		check('supplier_costs_day_check', sql`${t.day} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
		check('supplier_costs_price_check', sql`${t.unitPriceCents} >= 0 and ${t.available} >= 0`),
	],
)

/**
 * The built-in supplier simulator's orders (/supplier-sim, ADR-055): kept so that a purchase resumed
 * after the shop restarts finds the order it placed by its external id instead of buying again. Its
 * codes are made up (SIM-…) and sell nothing real, so they are kept as they are. Written by the
 * simulator only.
 */
export const supplierSimOrders = pgTable(
	'supplier_sim_orders',
	{
		orderId: text('order_id').primaryKey(),
		orderExternalId: text('order_external_id'),
		productId: text('product_id').notNull(),
		qty: integer('qty').notNull(),
		priceCents: integer('price_cents').notNull(),
		keys: jsonb('keys').$type<string[]>().notNull(),
		owed: integer('owed').notNull().default(0),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('supplier_sim_orders_external_idx').on(t.orderExternalId), check('supplier_sim_orders_qty_check', sql`${t.qty} between 1 and 9 and ${t.owed} between 0 and ${t.qty}`)],
)

export type ClaimStatus = 'open' | 'answered'
/** How staff (or the shop, automatically) answered a claim. Store credit joins this list when the shop has it. */
export type ClaimAnswer = 'replace' | 'refund' | 'refuse'

/**
 * A buyer's claim that a delivered unit does not work (ADR-052): one per unit (its stock assignment),
 * or one per order for what staff typed by hand (assignment null); a screenshot in the file store.
 */
export const unitClaims = pgTable(
	'unit_claims',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		orderId: bigint('order_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
		/** The unit claimed; null: the order's hand delivery. */
		assignmentId: bigint('assignment_id', { mode: 'number' }).references((): AnyPgColumn => stockAssignments.id, { onDelete: 'cascade' }),
		productId: integer('product_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
		status: text('status').$type<ClaimStatus>().notNull().default('open'),
		answer: text('answer').$type<ClaimAnswer | null>(),
		/** The buyer's sentence. */
		text: text('text').notNull(),
		screenshotFileId: uuid('screenshot_file_id'),
		/** A refusal's reason (the buyer reads it), or staff's note with another answer. */
		reason: text('reason'),
		/** Why an automatic replacement did not happen (no stock, used once on this order): staff read it in the queue. */
		waitingReason: text('waiting_reason'),
		/** Answered by the shop at once (the product's automatic replacement). */
		automatic: boolean('automatic').notNull().default(false),
		replacementAssignmentId: bigint('replacement_assignment_id', { mode: 'number' }),
		refundId: bigint('refund_id', { mode: 'number' }),
		answeredBy: text('answered_by'),
		answeredAt: timestamp('answered_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('unit_claims_unit_key').on(t.assignmentId).where(sql`${t.assignmentId} is not null`),
		uniqueIndex('unit_claims_hand_delivery_key').on(t.orderId).where(sql`${t.assignmentId} is null`),
		index('unit_claims_order_idx').on(t.orderId),
		index('unit_claims_open_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'open'`),
		check('unit_claims_status_check', sql`${t.status} in ('open', 'answered')`),
		check('unit_claims_answer_check', sql`(${t.status} = 'open' and ${t.answer} is null) or (${t.status} = 'answered' and ${t.answer} is not null and ${t.answer} in ('replace', 'refund', 'refuse'))`),
		check('unit_claims_text_check', sql`char_length(${t.text}) between 1 and 1000`),
		check('unit_claims_reason_check', sql`${t.reason} is null or char_length(${t.reason}) <= 500`),
	],
)

/** Uploaded images, converted on the server; served from /media/{key} by every instance. */
export const media = pgTable('media', {
	key: text('key').primaryKey(),
	contentType: text('content_type').notNull(),
	bytes: bytea('bytes').notNull(),
	width: integer('width').notNull(),
	height: integer('height').notNull(),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Uploaded files (transfer receipts): what every storage backend shares, kept in the shop's database so
 * every instance sees it and the limits (per order, per address, in total) are counted in one place.
 * The bytes are the backend's: in PostgreSQL, `file_chunks` (app/domain/files/file-store.server.ts).
 */
export const files = pgTable(
	'files',
	{
		id: uuid('id').primaryKey(),
		/** What the file is for, e.g. 'receipt'. */
		kind: text('kind').notNull(),
		/** Whose it is, e.g. 'order:42': a file goes with its owner. */
		owner: text('owner'),
		contentType: text('content_type').notNull(),
		byteSize: integer('byte_size').notNull().default(0),
		sha256: text('sha256'),
		/** The network address that sent it, for the per-address allowance. */
		uploader: text('uploader'),
		/** False while the bytes are arriving; an incomplete file older than an hour is swept. */
		complete: boolean('complete').notNull().default(false),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('files_owner_idx').on(t.owner, t.createdAt),
		index('files_incomplete_idx').on(t.createdAt).where(sql`not ${t.complete}`),
		check('files_byte_size_check', sql`${t.byteSize} >= 0`),
	],
)

/** The PostgreSQL backend's bytes of each file, in chunks written and read one at a time. */
export const fileChunks = pgTable(
	'file_chunks',
	{
		fileId: uuid('file_id')
			.notNull()
			.references(() => files.id, { onDelete: 'cascade' }),
		seq: integer('seq').notNull(),
		bytes: bytea('bytes').notNull(),
	},
	(t) => [primaryKey({ columns: [t.fileId, t.seq] })],
)

export const gameLibrary = pgTable(
	'game_library',
	{
		id: serial('id').primaryKey(),
		title: text('title').notNull(),
		genre: text('genre').notNull(),
		/** Listed under Trending Now / Most Popular (the spec's `trending`); the console and its API call it Top. */
		top: boolean('top').notNull().default(false),
		hidden: boolean('hidden').notNull().default(false),
	},
	(t) => [uniqueIndex('game_library_title_key').on(t.title)],
)

export const reviews = pgTable(
	'reviews',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		/** A deleted product's reviews go with it. */
		productId: integer('product_id')
			.notNull()
			.references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
		name: text('name').notNull(),
		rating: smallint('rating').notNull(),
		comment: text('comment').notNull(),
		isGamePass: boolean('is_game_pass').notNull().default(false),
		/** The reviewer's email, when given: staff see it, buyers never do. */
		email: text('email'),
		/** The email had a paid order with this product (or one of its review group) when the review was written. */
		verifiedPurchase: boolean('verified_purchase').notNull().default(false),
		/** The product's review group when it was written: products of one group share their reviews. */
		reviewGroup: text('review_group'),
		/** Hidden by staff: gone from every page, kept for the record. */
		hiddenAt: timestamp('hidden_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('reviews_product_created_idx').on(t.productId, t.createdAt),
		index('reviews_group_created_idx')
			.on(t.reviewGroup, t.createdAt)
			.where(sql`${t.reviewGroup} is not null`),
		check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
	],
)

export const contactMessages = pgTable(
	'contact_messages',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		name: text('name').notNull(),
		email: text('email').notNull(),
		subject: text('subject'),
		message: text('message').notNull(),
		handled: boolean('handled').notNull().default(false),
		/** Random: the Message-ID its email replies answer (In-Reply-To, References), so a mail client threads them. */
		threadToken: text('thread_token').notNull().default(sql`md5(random()::text || clock_timestamp()::text)`),
		/** The page's language when the buyer wrote: the words around a reply follow it. */
		lang: text('lang').$type<Lang>().notNull().default('en'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [check('contact_messages_lang_check', sql`${t.lang} in ('en', 'ur')`)],
)
export type ContactMessage = typeof contactMessages.$inferSelect

/** A staff member's reply to a contact message, sent to the buyer by email through the outbox (app/domain/contact). */
export const contactReplies = pgTable(
	'contact_replies',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		messageId: bigint('message_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => contactMessages.id, { onDelete: 'cascade' }),
		staffId: integer('staff_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
		/** Who replied, as the audit log names them. */
		repliedBy: text('replied_by').notNull(),
		body: text('body').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt), check('contact_replies_body_check', sql`char_length(${t.body}) between 1 and 5000`)],
)

/** One line of an order as the spec's JSON names it (§3 product_details), built from its order_lines row. */
export interface OrderLine {
	id: number
	name: string
	image: string
	price: number
	originalPrice: number | null
	quantity: number
	selectedDuration: { label: string; price: number; months: number } | null
	selectedDenomination: { label: string; price: number; value: number } | null
	selectedAccountType: 'private' | 'shared' | null
	/** The variant bought (absent on orders placed before variants existed). */
	variantId?: number | null
	code: string | null
	/** Rupees a discount code took off this line (absent when none). */
	discount?: number
}

export const orders = pgTable(
	'orders',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		orderNumber: text('order_number').notNull(),
		customerName: text('customer_name'),
		customerEmail: text('customer_email'),
		customerPhone: text('customer_phone'),
		totalAmount: integer('total_amount').notNull(),
		/** Where the money stands (app/domain/orders/order-state.ts, ADR-023): only its transitions write it. */
		paymentStatus: text('payment_status').$type<PaymentState>().notNull().default('awaiting_payment'),
		/** How far delivery has come, the spec's fulfillment steps (ADR-023). */
		deliveryStatus: text('delivery_status').$type<DeliveryState>().notNull().default('pending'),
		deliveryContent: text('delivery_content'),
		paymentMethod: text('payment_method').notNull().default('paypro'),
		payproTransactionId: text('paypro_transaction_id'),
		/** PayPro order ids of earlier attempts (before "Try again" or "Continue to payment" made a new one), oldest first: a buyer may quote one. */
		earlierPayproIds: text('earlier_paypro_ids').array().notNull().default(sql`'{}'::text[]`),
		/** The order's secret: whoever holds it sees contact details and deliverables. */
		accessToken: text('access_token'),
		checkoutKey: text('checkout_key'),
		durationDays: integer('duration_days'),
		/** PayPro's hosted page for this order, kept so a retried checkout reuses it. */
		paymentUrl: text('payment_url'),
		/** Set while one request creates the provider order, so a double click creates one. */
		payproClaimedAt: timestamp('paypro_claimed_at', { withTimezone: true }),
		/** Manual transfer: the current receipt, `file:<id>` in the file store (or, before it was moved there, `receipts/<name>` under DATA_DIR/uploads), and the hash of its bytes. */
		receiptPath: text('receipt_path'),
		receiptSha256: text('receipt_sha256'),
		receiptUploadedAt: timestamp('receipt_uploaded_at', { withTimezone: true }),
		/** Why staff rejected a transfer; the buyer sees it on the order page. */
		rejectionReason: text('rejection_reason'),
		/** Manual transfer: the transaction ID (TID) the bank or wallet showed the buyer, normalised (no spaces or dashes, upper case, Western digits); one order per TID (ADR-049). */
		transferTid: text('transfer_tid'),
		/** Manual transfer: who paid, as the buyer wrote it (name and bank or wallet). */
		transferPayer: text('transfer_payer'),
		/** Manual transfer: the receiving account (transferAccountId()) its buyer was shown first when it was placed; counts toward that account's ceiling once paid (ADR-049). */
		transferAccountId: text('transfer_account_id'),
		/** Where the order was placed from (the order's evidence, ADR-050): the checkout's address and user agent as keyed hashes (clientHash), never as sent. */
		placedAddressHash: text('placed_address_hash'),
		placedDeviceHash: text('placed_device_hash'),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		/** Units a paid order is still owed from stock (not enough at payment): the staff delivery queue. */
		undeliveredUnits: integer('undelivered_units').notNull().default(0),
		/** When stock first delivered part of this order: from then on the buyer sees what came, before the rest. */
		stockDeliveredAt: timestamp('stock_delivered_at', { withTimezone: true }),
		/** When fulfillment was first completed (from stock or by staff): a subscription line runs from this day. */
		deliveredAt: timestamp('delivered_at', { withTimezone: true }),
		/** Paid on the built-in PayPro simulator in production (PAYPRO_SIMULATOR=true): no money moved. Left out of the figures. */
		testPayment: boolean('test_payment').notNull().default(false),
		/** When staff approved a test order: only then does it take stock (by whom: the audit log). */
		testApprovedAt: timestamp('test_approved_at', { withTimezone: true }),
		/** A renewal's original order (the one whose subscription it extends): staff see both ways. */
		renewsOrderId: bigint('renews_order_id', { mode: 'number' }).references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
		/** Recorded when the order is paid (app/domain/costs, owner only): what its lines cost (null when an option had no cost), PayPro's fee, and total − cost − fee. */
		cost: integer('cost'),
		fee: integer('fee'),
		profit: integer('profit'),
		/** Why staff cancelled the order; the buyer reads it on the order page. */
		cancelReason: text('cancel_reason'),
		cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
		/** Rupees given back so far (the sum of its refunds): never more than the total. */
		refundedAmount: integer('refunded_amount').notNull().default(0),
		/** Rupees of the buyer's store credit spent on this order when it was placed (ADR-051): the rest is paid online or by transfer. */
		creditUsed: integer('credit_used').notNull().default(0),
		/** When the buyer's order page first showed its delivered codes or accounts: units delivered after it are unopened. */
		deliverySeenAt: timestamp('delivery_seen_at', { withTimezone: true }),
		/** The language the buyer ordered in (ADR-032): its emails, its pushes, its order page and its receipt follow it. */
		lang: text('lang').$type<Lang>().notNull().default('en'),
		/** The buyer ticked "Send updates on WhatsApp" at checkout (ADR-035): its events reach customerPhone as template messages. */
		whatsappUpdates: boolean('whatsapp_updates').notNull().default(false),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('orders_order_number_key').on(t.orderNumber),
		index('orders_renews_order_id_idx')
			.on(t.renewsOrderId)
			.where(sql`${t.renewsOrderId} is not null`),
		index('orders_undelivered_idx')
			.on(t.paidAt)
			.where(sql`${t.undeliveredUnits} > 0`),
		uniqueIndex('orders_checkout_key_key').on(t.checkoutKey),
		index('orders_paypro_transaction_id_idx').on(t.payproTransactionId),
		index('orders_earlier_paypro_ids_idx').using('gin', t.earlierPayproIds),
		index('orders_created_at_idx').on(t.createdAt),
		// Sales reports (ADR-031): orders paid in a range, test payments left out. Covering (the
		// migration's hand-written part adds INCLUDE total_amount, cost, fee, payment_method, …).
		index('orders_paid_at_idx')
			.on(t.paidAt)
			.where(sql`${t.paidAt} is not null and not ${t.testPayment}`),
		index('orders_receipt_sha256_idx').on(t.receiptSha256),
		// The dashboard's total of every order: the test payments beside the orders placed by day (drizzle/0055).
		index('orders_test_payment_idx')
			.on(t.id)
			.where(sql`${t.testPayment}`),
		// What each receiving account took in this day or month, against its ceiling (ADR-049).
		index('orders_transfer_account_paid_idx')
			.on(t.transferAccountId, t.paidAt)
			.where(sql`${t.transferAccountId} is not null`),
		// One order per transfer's TID: two uploads of one TID at once, one wins (ADR-049).
		uniqueIndex('orders_transfer_tid_key')
			.on(t.transferTid)
			.where(sql`${t.transferTid} is not null`),
		index('orders_delivery_status_created_idx').on(t.deliveryStatus, t.createdAt),
		index('orders_payment_status_created_idx').on(t.paymentStatus, t.createdAt),
		index('orders_email_idx').on(sql`lower(${t.customerEmail})`),
		index('orders_phone_idx').on(t.customerPhone),
		check('orders_payment_status_check', sql`${t.paymentStatus} in (${sql.raw(PAYMENT_STATES.map((s) => `'${s}'`).join(', '))})`),
		check('orders_delivery_status_check', sql`${t.deliveryStatus} in (${sql.raw(DELIVERY_STATES.map((s) => `'${s}'`).join(', '))})`),
		check('orders_total_amount_check', sql`${t.totalAmount} between 0 and ${TOTAL}`),
		// A profit may be a loss: at most what was paid, at least minus its cost and fee.
		check('orders_cost_check', sql`${t.cost} between 0 and ${TOTAL} and ${t.fee} between 0 and ${TOTAL} and ${t.profit} between -2 * ${TOTAL} and ${TOTAL}`),
		check('orders_undelivered_units_check', sql`${t.undeliveredUnits} >= 0`),
		check('orders_duration_days_check', sql`${t.durationDays} >= 0`),
		check('orders_lang_check', sql`${t.lang} in ('en', 'ur')`),
		check('orders_refunded_amount_check', sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= greatest(${t.totalAmount}, 0)`),
		check('orders_credit_used_check', sql`${t.creditUsed} >= 0 and ${t.creditUsed} <= greatest(${t.totalAmount}, 0)`),
		check('orders_placed_hash_check', sql`char_length(coalesce(${t.placedAddressHash}, '')) <= 64 and char_length(coalesce(${t.placedDeviceHash}, '')) <= 64`),
		// Staff search indexes live in drizzle/0002_search_indexes.sql and 0012_order_search_any_id.sql:
		// trigrams (pg_trgm) on order_number, customer_name and customer_email; text_pattern_ops on phones,
		// PayPro ids and order times, forwards and reversed (their start and their end); partial indexes
		// for the console's to-do counts (transfers waiting, paid orders to deliver).
		// The console's customers (drizzle/0027_customers.sql, hand-written: drizzle cannot say INCLUDE): one
		// covering index on the buyer's key, lower(btrim(customer_email)), so the list is an index-only scan.
		// Statistics on that key (drizzle/0051, CREATE STATISTICS: drizzle cannot say it) so one buyer's orders are estimated right.
	],
)

/**
 * The lines of an order, in the order the buyer listed them (position), each as sold: the product's
 * name, image and option as the buyer saw them, the unit price then, and the line's total. A product
 * or option an order line names cannot be deleted (the console hides it instead).
 */
export const orderLines = pgTable(
	'order_lines',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		orderId: bigint('order_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
		/** 0, 1, …: the line's place in the order (the spec's array index, a renewal link's line). */
		position: smallint('position').notNull(),
		/** The product bought; null only on lines moved from orders whose product was deleted before products were protected. */
		productId: integer('product_id').references((): AnyPgColumn => products.id, { onDelete: 'restrict' }),
		/** The option bought (absent on orders placed before options were variants, and on products without options). */
		variantId: integer('variant_id').references((): AnyPgColumn => productVariants.id, { onDelete: 'restrict' }),
		/** The product's name, image and list price as the buyer saw them. */
		name: text('name').notNull(),
		image: text('image').notNull(),
		originalPrice: integer('original_price'),
		/** The option as sold: a duration (months) or a gift card value, its label and the price it showed. */
		optionKind: text('option_kind').$type<'duration' | 'denomination' | null>(),
		optionLabel: text('option_label'),
		optionMonths: integer('option_months'),
		optionValue: integer('option_value'),
		optionPrice: integer('option_price'),
		accountType: text('account_type').$type<'private' | 'shared' | null>(),
		quantity: integer('quantity').notNull(),
		unitPrice: integer('unit_price').notNull(),
		/** Taken off this line (none yet: discounts come next). */
		discount: integer('discount').notNull().default(0),
		/** quantity × unit price − discount. */
		lineTotal: integer('line_total').notNull(),
		/** A code staff typed for this line when selling by direct message. */
		code: text('code'),
		/** Recorded at payment (owner only): the line's cost (each unit's own from stock, else the option's at the rate then) and that per unit, rounded. Null: unknown. */
		unitCost: integer('unit_cost'),
		cost: integer('cost'),
		/** Units of this line refunded: no longer owed, never delivered again. */
		refundedQuantity: integer('refunded_quantity').notNull().default(0),
	},
	(t) => [
		uniqueIndex('order_lines_order_position_key').on(t.orderId, t.position),
		index('order_lines_product_idx').on(t.productId),
		index('order_lines_variant_idx').on(t.variantId),
		// Sales reports (ADR-031): the previous period's discounts.
		index('order_lines_discounted_idx')
			.on(t.orderId)
			.where(sql`${t.discount} > 0`),
		check('order_lines_position_check', sql`${t.position} >= 0`),
		check('order_lines_quantity_check', sql`${t.quantity} between 1 and ${QUANTITY}`),
		check('order_lines_unit_price_check', sql`${t.unitPrice} between 0 and ${PRICE}`),
		check('order_lines_original_price_check', sql`${t.originalPrice} between 0 and ${PRICE}`),
		check('order_lines_discount_check', sql`${t.discount} between 0 and ${TOTAL}`),
		check('order_lines_line_total_check', sql`${t.lineTotal} between 0 and ${TOTAL} and ${t.lineTotal} = ${t.quantity} * ${t.unitPrice} - ${t.discount}`),
		check('order_lines_option_check', sql`${t.optionKind} in ('duration', 'denomination')`),
		check('order_lines_option_numbers_check', sql`${t.optionMonths} >= 0 and ${t.optionValue} >= 0 and ${t.optionPrice} between 0 and ${PRICE}`),
		check('order_lines_cost_check', sql`${t.unitCost} between 0 and ${PRICE} and ${t.cost} between 0 and ${TOTAL}`),
		check('order_lines_account_type_check', sql`${t.accountType} in ('private', 'shared')`),
		check('order_lines_refunded_quantity_check', sql`${t.refundedQuantity} >= 0 and ${t.refundedQuantity} <= ${t.quantity}`),
	],
)


/** Money given back on an order, whole or in part (audited); its lines say which units. */
export const refunds = pgTable(
	'refunds',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		/** A refund is a record of money: its order cannot be deleted under it. */
		orderId: bigint('order_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => orders.id, { onDelete: 'restrict' }),
		amount: integer('amount').notNull(),
		method: text('method').$type<RefundMethod>().notNull(),
		/** The bank's or wallet's transaction reference, PayPro's refund id. */
		reference: text('reference'),
		reason: text('reason').notNull(),
		staffId: integer('staff_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'restrict' }),
		/** Who, as the audit log names them (a staff email or 'api key: name'). */
		actor: text('actor').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('refunds_order_idx').on(t.orderId),
		index('refunds_staff_idx').on(t.staffId),
		// Sales reports (ADR-031): refunds made in a range.
		index('refunds_created_at_idx').on(t.createdAt),
		check('refunds_amount_check', sql`${t.amount} between 1 and ${TOTAL}`),
		check('refunds_method_check', sql`${t.method} in (${sql.raw(REFUND_METHODS.map((m) => `'${m}'`).join(', '))})`),
	],
)

/** Which line a refund took back and how many of its units: not yet delivered, returned to stock, or voided. */
export const refundLines = pgTable(
	'refund_lines',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		refundId: bigint('refund_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => refunds.id, { onDelete: 'cascade' }),
		orderLineId: bigint('order_line_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => orderLines.id, { onDelete: 'restrict' }),
		quantity: integer('quantity').notNull(),
		/** Of them: owed and no longer delivered, delivered and put back in stock, delivered and voided. */
		undelivered: integer('undelivered').notNull().default(0),
		returned: integer('returned').notNull().default(0),
		voided: integer('voided').notNull().default(0),
	},
	(t) => [
		index('refund_lines_refund_idx').on(t.refundId),
		index('refund_lines_order_line_idx').on(t.orderLineId),
		check('refund_lines_quantity_check', sql`${t.quantity} between 1 and ${QUANTITY} and ${t.undelivered} >= 0 and ${t.returned} >= 0 and ${t.voided} >= 0 and ${t.undelivered} + ${t.returned} + ${t.voided} <= ${t.quantity}`),
	],
)

/**
 * The sales reports' rollups by Pakistan day (ADR-057): what the orders paid that day (a sale, never a
 * test payment) add up to by payment method, what their lines add up to by product and option, and
 * what became of the orders placed that day. Written only by the triggers of drizzle/0051, in the
 * transaction of the write to orders or order_lines that changes them; read by the sales report.
 */
export const salesDays = pgTable(
	'sales_days',
	{
		day: date('day').notNull(),
		paymentMethod: text('payment_method').notNull(),
		orders: integer('orders').notNull().default(0),
		revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
		/** Σ cost + fee as recorded at payment; `withoutCost` counts the orders whose cost was unknown. */
		cost: bigint('cost', { mode: 'number' }).notNull().default(0),
		withoutCost: integer('without_cost').notNull().default(0),
	},
	(t) => [primaryKey({ name: 'sales_days_pkey', columns: [t.day, t.paymentMethod] })],
)

export const salesDayLines = pgTable(
	'sales_day_lines',
	{
		day: date('day').notNull(),
		productId: integer('product_id'),
		variantId: integer('variant_id'),
		/** As the lines were sold: a product renamed since keeps its old name on the days before. */
		name: text('name').notNull(),
		optionLabel: text('option_label'),
		units: bigint('units', { mode: 'number' }).notNull().default(0),
		revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
		discount: bigint('discount', { mode: 'number' }).notNull().default(0),
		cost: bigint('cost', { mode: 'number' }).notNull().default(0),
	},
	// NULLS NOT DISTINCT in drizzle/0051 (drizzle cannot say it for an index): a line without a product or option has one row a day.
	(t) => [uniqueIndex('sales_day_lines_key').on(t.day, t.productId, t.variantId, t.name, t.optionLabel)],
)

export const ordersPlacedDays = pgTable(
	'orders_placed_days',
	{
		day: date('day').notNull(),
		paymentMethod: text('payment_method').notNull(),
		placed: integer('placed').notNull().default(0),
		paid: integer('paid').notNull().default(0),
		delivered: integer('delivered').notNull().default(0),
		expired: integer('expired').notNull().default(0),
	},
	(t) => [primaryKey({ name: 'orders_placed_days_pkey', columns: [t.day, t.paymentMethod] })],
)
/**
 * The rollups' changes not folded into their days yet (drizzle/0053, ADR-057): the triggers only
 * append here, so no two writers wait on one day's row; the minute sweep folds them
 * (`foldSalesDayDeltas`) and the reports read days and deltas together (the *_live views).
 */
export const salesDayDeltas = pgTable(
	'sales_day_deltas',
	{
		day: date('day').notNull(),
		paymentMethod: text('payment_method').notNull(),
		orders: integer('orders').notNull(),
		revenue: bigint('revenue', { mode: 'number' }).notNull(),
		cost: bigint('cost', { mode: 'number' }).notNull(),
		withoutCost: integer('without_cost').notNull(),
	},
	(t) => [index('sales_day_deltas_day_idx').on(t.day)],
)
export const salesDayLineDeltas = pgTable(
	'sales_day_line_deltas',
	{
		day: date('day').notNull(),
		productId: integer('product_id'),
		variantId: integer('variant_id'),
		name: text('name').notNull(),
		optionLabel: text('option_label'),
		units: bigint('units', { mode: 'number' }).notNull(),
		revenue: bigint('revenue', { mode: 'number' }).notNull(),
		discount: bigint('discount', { mode: 'number' }).notNull(),
		cost: bigint('cost', { mode: 'number' }).notNull(),
	},
	(t) => [index('sales_day_line_deltas_day_idx').on(t.day)],
)
export const ordersPlacedDayDeltas = pgTable(
	'orders_placed_day_deltas',
	{
		day: date('day').notNull(),
		paymentMethod: text('payment_method').notNull(),
		placed: integer('placed').notNull(),
		paid: integer('paid').notNull(),
		delivered: integer('delivered').notNull(),
		expired: integer('expired').notNull(),
	},
	(t) => [index('orders_placed_day_deltas_day_idx').on(t.day)],
)

/**
 * The reports' delivery times (drizzle/0055, ADR-057): by Pakistan day of payment and from stock or by
 * hand, how many sales were delivered in each bucket of paid-to-delivered seconds
 * (`delivery_seconds_bucket`: whole seconds under 20 s, steps 5 % wide above) and their seconds added
 * up. Written by the orders' trigger through the deltas, folded by the minute sweep; the report reads
 * the days and the deltas of its range together.
 */
export const deliveryTimeDays = pgTable(
	'delivery_time_days',
	{
		day: date('day').notNull(),
		fromStock: boolean('from_stock').notNull(),
		bucket: integer('bucket').notNull(),
		orders: integer('orders').notNull().default(0),
		seconds: doublePrecision('seconds').notNull().default(0),
	},
	(t) => [primaryKey({ name: 'delivery_time_days_pkey', columns: [t.day, t.fromStock, t.bucket] })],
)
export const deliveryTimeDayDeltas = pgTable(
	'delivery_time_day_deltas',
	{
		day: date('day').notNull(),
		fromStock: boolean('from_stock').notNull(),
		bucket: integer('bucket').notNull(),
		orders: integer('orders').notNull(),
		seconds: doublePrecision('seconds').notNull(),
	},
	(t) => [index('delivery_time_day_deltas_day_idx').on(t.day)],
)

/**
 * The reports' refunds by Pakistan day they were made (drizzle/0055, ADR-057): the refunds of orders
 * that are not test payments, their amounts and the cost that came back with their lines
 * ((undelivered + returned) × unit cost). Written by the triggers of refunds, refund_lines,
 * order_lines (a unit cost) and orders (a test payment) through the deltas, folded by the minute sweep.
 */
export const refundDays = pgTable('refund_days', {
	day: date('day').primaryKey(),
	amount: bigint('amount', { mode: 'number' }).notNull().default(0),
	back: bigint('back', { mode: 'number' }).notNull().default(0),
})
export const refundDayDeltas = pgTable(
	'refund_day_deltas',
	{
		day: date('day').notNull(),
		amount: bigint('amount', { mode: 'number' }).notNull(),
		back: bigint('back', { mode: 'number' }).notNull(),
	},
	(t) => [index('refund_day_deltas_day_idx').on(t.day)],
)

/**
 * Each buyer's figures for the console's customers (ADR-057), by their key (lower(btrim(email))):
 * written only by the trigger of drizzle/0051 in the transaction of every write to orders.
 */
export const customerFigures = pgTable(
	'customer_figures',
	{
		email: text('email').primaryKey(),
		/** The buyer's page is /admin/customers/<their first order's id>. */
		firstOrderId: bigint('first_order_id', { mode: 'number' }).notNull(),
		orders: integer('orders').notNull().default(0),
		paidOrders: integer('paid_orders').notNull().default(0),
		/** Paid net of refunds, sales only (order-facts' SALE_STATES, never a test payment). */
		spent: bigint('spent', { mode: 'number' }).notNull().default(0),
		refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
		firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
		lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
	},
	(t) => [
		index('customer_figures_spent_idx')
			.on(sql`${t.spent} desc`, sql`${t.lastAt} desc`, t.email)
			.where(sql`${t.orders} > 0`),
		index('customer_figures_last_idx')
			.on(sql`${t.lastAt} desc`, t.email)
			.where(sql`${t.orders} > 0`),
		// The top customers of a range are looked for among the buyers who bought most ever (drizzle/0055).
		index('customer_figures_sales_idx')
			.on(sql`(${t.spent} + ${t.refunded}) desc`, t.email)
			.where(sql`${t.paidOrders} > 0`),
	],
)

/** Who made an order's event: staff (named), the buyer, the payment provider, or the shop itself (a sweep, stock). */
export const ORDER_EVENT_ACTORS = ['staff', 'buyer', 'provider', 'shop'] as const
export type OrderEventActor = (typeof ORDER_EVENT_ACTORS)[number]

/**
 * What happened to an order, one row per move or change its people hear of (ADR-036): written only by the
 * order's one writer (app/domain/orders/order-store), in the change's transaction; the console's timeline.
 */
export const orderEvents = pgTable(
	'order_events',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		orderId: bigint('order_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
		/** The move (order-state.ts) or other event (order-events.server.ts). */
		kind: text('kind').notNull(),
		/** The state before and after a move (payment or delivery); null for an event that moves neither. */
		fromState: text('from_state'),
		toState: text('to_state'),
		actorKind: text('actor_kind').$type<OrderEventActor>().notNull().default('shop'),
		/** Staff as the audit log names them (an email, or 'api key: name'). */
		actor: text('actor'),
		staffId: integer('staff_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
		/** A few facts of the event (an amount, a reason, a refund id): never a delivered code. */
		facts: jsonb('facts').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
		/** The request it was written during (its X-Request-Id and log lines, ADR-056); null from a job or from before. */
		requestId: text('request_id'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
	},
	(t) => [
		index('order_events_order_idx').on(t.orderId, t.id),
		check('order_events_actor_kind_check', sql`${t.actorKind} in ('staff', 'buyer', 'provider', 'shop')`),
		check('order_events_request_id_check', sql`char_length(coalesce(${t.requestId}, '')) <= 64`),
	],
)

export type JobStatus = 'pending' | 'running' | 'done' | 'failed'

/** Background work shared by every server instance, claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
	'jobs',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		kind: text('kind').notNull(),
		payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
		/** Enqueueing the same key twice is a no-op: one email per order event, one check per order. */
		dedupeKey: text('dedupe_key'),
		status: text('status').$type<JobStatus>().notNull().default('pending'),
		attempts: integer('attempts').notNull().default(0),
		maxAttempts: integer('max_attempts').notNull().default(8),
		runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
		lockedAt: timestamp('locked_at', { withTimezone: true }),
		lockedBy: text('locked_by'),
		lastError: text('last_error'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('jobs_dedupe_key_key').on(t.dedupeKey),
		index('jobs_due_idx')
			.on(t.runAt)
			.where(sql`${t.status} = 'pending'`),
		index('jobs_status_idx').on(t.status),
		check('jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
	],
)

export type EmailStatus = 'pending' | 'sent' | 'failed'

/** Every email the shop sends, written in the same transaction as the event that causes it. */
export const emailOutbox = pgTable(
	'email_outbox',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		dedupeKey: text('dedupe_key').notNull(),
		toEmail: text('to_email').notNull(),
		toName: text('to_name'),
		templateId: integer('template_id'),
		subject: text('subject').notNull(),
		params: jsonb('params').$type<Record<string, string>>().notNull(),
		text: text('text').notNull(),
		status: text('status').$type<EmailStatus>().notNull().default('pending'),
		attempts: integer('attempts').notNull().default(0),
		lastError: text('last_error'),
		providerMessageId: text('provider_message_id'),
		orderNumber: text('order_number'),
		/** The HTML part, when the shop renders one (the text part is always there); null for a provider template. */
		html: text('html'),
		/** Extra headers, e.g. List-Unsubscribe on emails a buyer may opt out of. */
		headers: jsonb('headers').$type<Record<string, string>>(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		sentAt: timestamp('sent_at', { withTimezone: true }),
	},
	(t) => [
		uniqueIndex('email_outbox_dedupe_key_key').on(t.dedupeKey),
		index('email_outbox_status_idx').on(t.status),
		check('email_outbox_attempts_check', sql`${t.attempts} >= 0`),
	],
)

/** The built-in PayPro simulator's own records: what the provider would hold. */
export const payproSimOrders = pgTable(
	'paypro_sim_orders',
	{
		payproId: text('paypro_id').primaryKey(),
		merchantId: text('merchant_id').notNull(),
		orderNumber: text('order_number').notNull(),
		amount: integer('amount').notNull(),
		customerName: text('customer_name'),
		customerEmail: text('customer_email'),
		customerMobile: text('customer_mobile'),
		dueDate: text('due_date').notNull(),
		orderStatus: text('order_status').notNull().default('UNPAID'),
		paymentVia: text('payment_via'),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [uniqueIndex('paypro_sim_orders_merchant_order_key').on(t.merchantId, t.orderNumber), check('paypro_sim_orders_amount_check', sql`${t.amount} between 0 and ${TOTAL}`)],
)

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable(
	'rate_limits',
	{
		key: text('key').primaryKey(),
		count: integer('count').notNull(),
		resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
	},
	(t) => [check('rate_limits_count_check', sql`${t.count} >= 0`)],
)

export type StaffRole = 'owner' | 'staff'

/** Named staff accounts (product decision 6): scrypt password hashes, never the password. */
export const staffUsers = pgTable(
	'staff_users',
	{
		id: serial('id').primaryKey(),
		email: text('email').notNull(),
		name: text('name').notNull(),
		role: text('role').$type<StaffRole>().notNull().default('staff'),
		/** What the owner lets this account do beyond any staff member (STAFF_GRANTS in app/domain/staff/permissions.ts); an owner holds every grant by role. */
		grants: text('grants').array().$type<string[]>().notNull().default(sql`'{}'::text[]`),
		passwordHash: text('password_hash').notNull(),
		active: boolean('active').notNull().default(true),
		/** TOTP secret (base32), encrypted like delivery content; set once a code has confirmed it. */
		totpSecret: text('totp_secret'),
		/** A secret being set up and not yet confirmed by a code. */
		totpPendingSecret: text('totp_pending_secret'),
		totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
		/** The last 30-second step a code was accepted for: a code works once. */
		totpLastStep: bigint('totp_last_step', { mode: 'number' }),
		lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('staff_users_email_key').on(t.email),
		check('staff_users_role_check', sql`${t.role} in ('owner', 'staff')`),
		check('staff_users_grants_check', sql`${t.grants} <@ ARRAY['catalogue', 'reveal-stock', 'refunds', 'reports', 'suppliers']::text[]`),
	],
)
export type StaffUser = typeof staffUsers.$inferSelect

/** Server-side sessions; the cookie carries a random id whose hash is the key. */
export const staffSessions = pgTable(
	'staff_sessions',
	{
		idHash: text('id_hash').primaryKey(),
		staffId: integer('staff_id')
			.notNull()
			.references((): AnyPgColumn => staffUsers.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		ip: text('ip'),
		userAgent: text('user_agent'),
	},
	(t) => [index('staff_sessions_staff_idx').on(t.staffId)],
)

/** Browsers that have signed in to an account (OWASP device cookies): only a hash of the cookie is kept. */
export const staffDevices = pgTable(
	'staff_devices',
	{
		tokenHash: text('token_hash').primaryKey(),
		staffId: integer('staff_id')
			.notNull()
			.references((): AnyPgColumn => staffUsers.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
	},
	(t) => [index('staff_devices_staff_idx').on(t.staffId)],
)

/** A password accepted for an account with two-factor sign-in, waiting for its code: not a session. */
export const staffPendingSignIns = pgTable(
	'staff_pending_sign_ins',
	{
		idHash: text('id_hash').primaryKey(),
		staffId: integer('staff_id')
			.notNull()
			.references((): AnyPgColumn => staffUsers.id, { onDelete: 'cascade' }),
		attempts: integer('attempts').notNull().default(0),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('staff_pending_sign_ins_staff_idx').on(t.staffId), check('staff_pending_sign_ins_attempts_check', sql`${t.attempts} >= 0`)],
)

/** One-time recovery codes for two-factor sign-in, hashed; a used code keeps its row with used_at. */
export const staffRecoveryCodes = pgTable(
	'staff_recovery_codes',
	{
		id: serial('id').primaryKey(),
		staffId: integer('staff_id')
			.notNull()
			.references((): AnyPgColumn => staffUsers.id, { onDelete: 'cascade' }),
		codeHash: text('code_hash').notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [uniqueIndex('staff_recovery_codes_hash_key').on(t.staffId, t.codeHash)],
)

/** Store-wide settings the owner changes in the console, one JSON value per key. */
export const storeSettings = pgTable('store_settings', {
	key: text('key').primaryKey(),
	value: jsonb('value').notNull(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** X-ADMIN-KEY keys for staff tools: only a hash is kept; the key is shown once. */
export const apiKeys = pgTable(
	'api_keys',
	{
		id: serial('id').primaryKey(),
		name: text('name').notNull(),
		prefix: text('prefix').notNull(),
		keyHash: text('key_hash').notNull(),
		/** Who made the key: a key outlives its maker's account. */
		createdBy: integer('created_by').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
		revokedAt: timestamp('revoked_at', { withTimezone: true }),
		/** What the key may do (app/domain/staff/api-key-scopes.ts); keys made before scopes hold every one. */
		scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
		/** Refused from then on; null: until revoked. */
		expiresAt: timestamp('expires_at', { withTimezone: true }),
	},
	(t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash), index('api_keys_created_by_idx').on(t.createdBy)],
)

/** Every staff action: who, what, when, on which order, before and after. */
export const auditLog = pgTable(
	'audit_log',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		/** Staff are deactivated, never deleted, while the log names them: a staff account or key with entries cannot be deleted. */
		staffId: integer('staff_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'restrict' }),
		apiKeyId: integer('api_key_id').references((): AnyPgColumn => apiKeys.id, { onDelete: 'restrict' }),
		actor: text('actor').notNull(),
		action: text('action').notNull(),
		orderNumber: text('order_number'),
		/** What else the action changed, e.g. 'product 12', 'store settings', 'review 40'. */
		target: text('target'),
		before: jsonb('before').$type<Record<string, unknown> | null>(),
		after: jsonb('after').$type<Record<string, unknown> | null>(),
		note: text('note'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('audit_log_order_idx').on(t.orderNumber, t.createdAt),
		index('audit_log_created_idx').on(t.createdAt),
		index('audit_log_staff_idx').on(t.staffId),
		index('audit_log_api_key_idx').on(t.apiKeyId),
	],
)

/**
 * A buyer proving they own an email address (issue: buyers find their orders again): a one-time
 * link and a 6-digit code sent to it, valid 15 minutes, usable once. Only hashes are kept. With an
 * order number, it was asked from that order's page, which the link opens.
 */
export const buyerSignIns = pgTable(
	'buyer_sign_ins',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		email: text('email').notNull(),
		orderNumber: text('order_number'),
		tokenHash: text('token_hash').notNull(),
		codeHash: text('code_hash').notNull(),
		/** Wrong codes typed against this sign-in; it stops working after a few. */
		attempts: integer('attempts').notNull().default(0),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }),
	},
	(t) => [
		uniqueIndex('buyer_sign_ins_token_hash_key').on(t.tokenHash),
		index('buyer_sign_ins_email_idx').on(t.email, t.createdAt),
		check('buyer_sign_ins_attempts_check', sql`${t.attempts} >= 0`),
	],
)

/** A buyer's signed-in browser: its own HttpOnly cookie, 30 days, apart from staff sessions; only the hash is kept. */
export const buyerSessions = pgTable(
	'buyer_sessions',
	{
		idHash: text('id_hash').primaryKey(),
		email: text('email').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		ip: text('ip'),
		userAgent: text('user_agent'),
	},
	(t) => [index('buyer_sessions_email_idx').on(t.email)],
)

/** Addresses that opted out of a kind of non-essential email (renewal reminders); order emails still go. */
export const emailUnsubscribes = pgTable(
	'email_unsubscribes',
	{
		email: text('email').notNull(),
		kind: text('kind').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [primaryKey({ columns: [t.email, t.kind] })],
)

/**
 * A buyer the owner keeps out: their checkouts and sign-ins are refused with a neutral sentence.
 * The value is stored normalised (app/domain/buyers/blocklist.ts), so another spelling matches.
 */
export const blockedBuyers = pgTable(
	'blocked_buyers',
	{
		id: serial('id').primaryKey(),
		kind: text('kind').$type<BlockKind>().notNull(),
		value: text('value').notNull(),
		note: text('note'),
		/** Who blocked them: a block outlives its maker's account. */
		createdBy: integer('created_by').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		/** Checkouts and sign-ins refused by this block, and the last one: what staff see of it. */
		refusals: integer('refusals').notNull().default(0),
		lastRefusedAt: timestamp('last_refused_at', { withTimezone: true }),
	},
	(t) => [
		uniqueIndex('blocked_buyers_kind_value_key').on(t.kind, t.value),
		index('blocked_buyers_created_by_idx').on(t.createdBy),
		check('blocked_buyers_kind_check', sql`${t.kind} in ('email', 'phone', 'address')`),
		check('blocked_buyers_value_check', sql`length(${t.value}) between 1 and 254`),
		check('blocked_buyers_refusals_check', sql`${t.refusals} >= 0`),
	],
)

/**
 * What staff note about a buyer (app/domain/customers): kept by the buyer's normalised email (lower
 * case, trimmed), the key the console's customers page uses; added and deleted with an audit entry.
 */
export const customerNotes = pgTable(
	'customer_notes',
	{
		id: serial('id').primaryKey(),
		email: text('email').notNull(),
		body: text('body').notNull(),
		/** Who wrote it: a note outlives its writer's account. */
		staffId: integer('staff_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
		/** Their email or 'api key: name', as the audit log names them. */
		staffLabel: text('staff_label').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('customer_notes_email_idx').on(t.email, t.createdAt),
		index('customer_notes_staff_id_idx').on(t.staffId),
		check('customer_notes_email_check', sql`${t.email} = lower(btrim(${t.email})) and length(${t.email}) between 3 and 254`),
		check('customer_notes_body_check', sql`length(${t.body}) between 1 and 2000`),
	],
)

/**
 * A discount code the owner makes (app/domain/coupons): percent or whole rupees off, for the whole
 * order or only some products, options or platforms, within its dates and limits. Codes are compared
 * case-insensitively (the unique index is on lower(code)).
 */
export const coupons = pgTable(
	'coupons',
	{
		id: serial('id').primaryKey(),
		code: text('code').notNull(),
		kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
		/** Percent off (1–100), or rupees off. */
		value: integer('value').notNull(),
		/** What it applies to; all empty: the whole order. A line matches when it is any of these. */
		productIds: integer('product_ids').array().notNull().default(sql`'{}'::integer[]`),
		variantIds: integer('variant_ids').array().notNull().default(sql`'{}'::integer[]`),
		platforms: text('platforms').array().$type<Category[]>().notNull().default(sql`'{}'::text[]`),
		/** The subtotal the order's lines must reach (rupees; 0: none). */
		minSubtotal: integer('min_subtotal').notNull().default(0),
		startsAt: timestamp('starts_at', { withTimezone: true }),
		endsAt: timestamp('ends_at', { withTimezone: true }),
		/** Uses in all (null: no limit) and per buyer (by normalised email and by phone). */
		maxUses: integer('max_uses'),
		maxUsesPerBuyer: integer('max_uses_per_buyer'),
		/** Only for a buyer with no earlier paid order (by email or phone). */
		firstOrderOnly: boolean('first_order_only').notNull().default(false),
		active: boolean('active').notNull().default(true),
		createdBy: integer('created_by').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('coupons_code_key').on(sql`lower(${t.code})`),
		index('coupons_created_by_idx').on(t.createdBy),
		check('coupons_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
		check('coupons_value_check', sql`${t.value} between 1 and ${PRICE} and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
		check('coupons_code_check', sql`length(${t.code}) between 1 and 40`),
		check('coupons_min_subtotal_check', sql`${t.minSubtotal} between 0 and ${TOTAL}`),
		check('coupons_max_uses_check', sql`${t.maxUses} >= 1 and ${t.maxUsesPerBuyer} >= 1`),
		check('coupons_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
	],
)

/**
 * One use of a code: one per order, with the buyer's normalised email and phone. A use counts while
 * its order holds it (not expired, cancelled, paid after its cancel or refunded in full: ADR-030), so a
 * use let go comes back by itself, and an order paid after all takes it again under the code's lock.
 */
export const couponRedemptions = pgTable(
	'coupon_redemptions',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		couponId: integer('coupon_id')
			.notNull()
			.references((): AnyPgColumn => coupons.id, { onDelete: 'restrict' }),
		orderId: bigint('order_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
		/** The code as it was then (for the order's pages, whatever the code becomes). */
		code: text('code').notNull(),
		email: text('email').notNull(),
		phone: text('phone').notNull(),
		discount: integer('discount').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('coupon_redemptions_order_key').on(t.orderId),
		index('coupon_redemptions_coupon_email_idx').on(t.couponId, t.email),
		index('coupon_redemptions_coupon_phone_idx').on(t.couponId, t.phone),
		check('coupon_redemptions_discount_check', sql`${t.discount} between 1 and ${TOTAL}`),
	],
)

/**
 * What reaches one staff member, and where (app/domain/alerts): the events they chose, by email
 * and/or Telegram, quiet hours in Pakistan time (alerts then wait for their end), the hour of a daily
 * summary, and their linked Telegram chat. Never saved: an owner gets the default alerts by email, others none (ADR-047).
 */
export const staffAlertSettings = pgTable(
	'staff_alert_settings',
	{
		staffId: integer('staff_id')
			.primaryKey()
			.references((): AnyPgColumn => staffUsers.id, { onDelete: 'cascade' }),
		events: text('events').array().notNull().default(sql`'{}'::text[]`),
		byEmail: boolean('by_email').notNull().default(false),
		byTelegram: boolean('by_telegram').notNull().default(false),
		/** Pakistan hours (0–23): from quietStart up to quietEnd alerts wait; both null: never quiet. */
		quietStart: smallint('quiet_start'),
		quietEnd: smallint('quiet_end'),
		/** The Pakistan hour of the daily summary (yesterday's figures); null: none. */
		summaryHour: smallint('summary_hour'),
		telegramChatId: text('telegram_chat_id'),
		/** A one-time code the member sends the bot (/start <code>): only its hash, until it expires. */
		telegramCodeHash: text('telegram_code_hash'),
		telegramCodeExpiresAt: timestamp('telegram_code_expires_at', { withTimezone: true }),
		/** When the member last saved the form; null: never (an owner then gets OWNER_DEFAULT_ALERTS, others nothing). */
		savedAt: timestamp('saved_at', { withTimezone: true }),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('staff_alert_settings_code_key').on(t.telegramCodeHash),
		check('staff_alert_settings_hours_check', sql`${t.quietStart} between 0 and 23 and ${t.quietEnd} between 0 and 23 and ${t.summaryHour} between 0 and 23`),
		check('staff_alert_settings_quiet_check', sql`(${t.quietStart} is null) = (${t.quietEnd} is null)`),
	],
)

export type AlertChannel = 'email' | 'telegram'

/** Every staff alert, one per event × staff member × channel (the dedupe key), sent by a job with retries. */
export const alertOutbox = pgTable(
	'alert_outbox',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		dedupeKey: text('dedupe_key').notNull(),
		staffId: integer('staff_id')
			.notNull()
			.references((): AnyPgColumn => staffUsers.id, { onDelete: 'cascade' }),
		channel: text('channel').$type<AlertChannel>().notNull(),
		event: text('event').notNull(),
		subject: text('subject').notNull(),
		text: text('text').notNull(),
		status: text('status').$type<EmailStatus>().notNull().default('pending'),
		attempts: integer('attempts').notNull().default(0),
		lastError: text('last_error'),
		/** Held by the member's quiet hours until then. */
		sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		sentAt: timestamp('sent_at', { withTimezone: true }),
	},
	(t) => [
		uniqueIndex('alert_outbox_dedupe_key_key').on(t.dedupeKey),
		index('alert_outbox_staff_idx').on(t.staffId),
		index('alert_outbox_status_idx').on(t.status),
		check('alert_outbox_channel_check', sql`${t.channel} in ('email', 'telegram')`),
		check('alert_outbox_attempts_check', sql`${t.attempts} >= 0`),
	],
)

/**
 * A phone that asked to hear of an order ("Notify me on this phone"): the browser's Web Push
 * subscription, owned by the order (`order:<number>`, its token holder asked) or by a signed-in buyer
 * (`buyer:<email>`, every order of the address). The same phone may hold several owners.
 */
export const pushSubscriptions = pgTable(
	'push_subscriptions',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		owner: text('owner').notNull(),
		endpoint: text('endpoint').notNull(),
		/** The browser's P-256 public key and auth secret, base64url, as PushSubscription.toJSON() gives them. */
		p256dh: text('p256dh').notNull(),
		auth: text('auth').notNull(),
		/** The buyer session that asked (a buyer owner): signing that session out ends it. */
		sessionHash: text('session_hash'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('push_subscriptions_endpoint_owner_key').on(t.endpoint, t.owner),
		index('push_subscriptions_owner_idx').on(t.owner),
		index('push_subscriptions_session_idx').on(t.sessionHash),
		check('push_subscriptions_owner_check', sql`${t.owner} like 'order:%' or ${t.owner} like 'buyer:%'`),
	],
)

/** A push not sent because a newer one about the same order was queued for the same phone (its tag would replace it). */
export type PushStatus = EmailStatus | 'superseded'

/** Every push the shop sends a phone: one per order event × subscription (the dedupe key), sent by a job with retries. */
export const pushOutbox = pgTable(
	'push_outbox',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		dedupeKey: text('dedupe_key').notNull(),
		subscriptionId: bigint('subscription_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => pushSubscriptions.id, { onDelete: 'cascade' }),
		orderNumber: text('order_number').notNull(),
		event: text('event').notNull(),
		/** What the phone shows: {title, body, url, tag}. Never a code. */
		payload: jsonb('payload').$type<{ title: string; body: string; url: string; tag: string }>().notNull(),
		status: text('status').$type<PushStatus>().notNull().default('pending'),
		attempts: integer('attempts').notNull().default(0),
		lastError: text('last_error'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		sentAt: timestamp('sent_at', { withTimezone: true }),
	},
	(t) => [
		uniqueIndex('push_outbox_dedupe_key_key').on(t.dedupeKey),
		index('push_outbox_subscription_idx').on(t.subscriptionId, t.orderNumber),
		check('push_outbox_attempts_check', sql`${t.attempts} >= 0`),
	],
)

/**
 * Every WhatsApp template message the shop sends a buyer who asked for updates (ADR-035): one per order
 * event (the dedupe key is the event's), written in the event's transaction, sent by a job with retries.
 */
export const whatsappOutbox = pgTable(
	'whatsapp_outbox',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		dedupeKey: text('dedupe_key').notNull(),
		orderNumber: text('order_number').notNull(),
		event: text('event').notNull(),
		/** The buyer's mobile in international form without '+': 923001234567. */
		toPhone: text('to_phone').notNull(),
		/** The order's language: picks the template's language code and the sentence. */
		lang: text('lang').$type<Lang>().notNull(),
		/** The template's three body values: the order number, what happened, the order page. Never a code. */
		params: jsonb('params').$type<{ orderNumber: string; sentence: string; url: string }>().notNull(),
		status: text('status').$type<EmailStatus>().notNull().default('pending'),
		attempts: integer('attempts').notNull().default(0),
		lastError: text('last_error'),
		/** WhatsApp's id for the message (wamid…), once it accepted it. */
		messageId: text('message_id'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		sentAt: timestamp('sent_at', { withTimezone: true }),
	},
	(t) => [
		uniqueIndex('whatsapp_outbox_dedupe_key_key').on(t.dedupeKey),
		index('whatsapp_outbox_order_idx').on(t.orderNumber),
		check('whatsapp_outbox_attempts_check', sql`${t.attempts} >= 0`),
		check('whatsapp_outbox_lang_check', sql`${t.lang} in ('en', 'ur')`),
	],
)

/** Where a delivered unit was revealed in full: the buyer's order page, My orders, the API, or the console (ADR-050). */
export const REVEAL_VIEWS = ['order-page', 'my-orders', 'api', 'staff'] as const
export type RevealView = (typeof REVEAL_VIEWS)[number]

/**
 * Each reveal of a delivered unit in full (ADR-050), written only by app/domain/orders/unit-reveals.server.ts:
 * a unit from stock by its assignment, the content staff typed by hand as one whole (no assignment). The
 * first reveal of a unit (one per unit, `first`) is what makes it seen: a refund can then only void it.
 * The client's address and device are kept as keyed hashes, never as typed; never a code.
 */
export const unitReveals = pgTable(
	'unit_reveals',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		orderId: bigint('order_id', { mode: 'number' })
			.notNull()
			.references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
		/** The stock unit's assignment; null for the content typed by hand (the unit id 'hand'). */
		assignmentId: bigint('assignment_id', { mode: 'number' }).references((): AnyPgColumn => stockAssignments.id, { onDelete: 'cascade' }),
		/** The unit's first reveal: one per unit (a unique partial index), the moment it became seen. */
		first: boolean('first').notNull().default(false),
		view: text('view').$type<RevealView>().notNull(),
		byKind: text('by_kind').$type<'buyer' | 'staff'>().notNull(),
		staffId: integer('staff_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
		/** Staff as the audit log names them. */
		staffName: text('staff_name'),
		/** HMAC-SHA256 (hex) of the client's address and of its user agent, under a key derived from the delivery key. */
		addressHash: text('address_hash'),
		deviceHash: text('device_hash'),
		revealedAt: timestamp('revealed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
	},
	(t) => [
		index('unit_reveals_order_idx').on(t.orderId, t.id),
		uniqueIndex('unit_reveals_first_key')
			.on(t.orderId, sql`coalesce(${t.assignmentId}, 0)`)
			.where(sql`${t.first}`),
		check('unit_reveals_view_check', sql`${t.view} in ('order-page', 'my-orders', 'api', 'staff')`),
		check('unit_reveals_by_kind_check', sql`${t.byKind} in ('buyer', 'staff')`),
		check('unit_reveals_hash_check', sql`char_length(coalesce(${t.addressHash}, '')) <= 64 and char_length(coalesce(${t.deviceHash}, '')) <= 64`),
	],
)
export type UnitReveal = typeof unitReveals.$inferSelect

/**
 * The credits of a receiving account's statement, as staff imported them (ADR-049): one row per line,
 * named by the hash of account, date, amount, reference and payer, so a statement imported twice (or
 * twice at once) adds nothing. `orderId` is the order the credit confirmed, once it did; one credit
 * confirms one order and one order is confirmed by one credit.
 */
export const statementCredits = pgTable(
	'statement_credits',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		accountId: text('account_id').notNull(),
		lineHash: text('line_hash').notNull(),
		/** The Pakistan day the money arrived, 'YYYY-MM-DD'. */
		creditedOn: text('credited_on').notNull(),
		amount: integer('amount').notNull(),
		/** The reference or TID as the statement shows it, normalised like the buyer's TID; '' when none. */
		reference: text('reference').notNull(),
		payer: text('payer').notNull(),
		orderId: bigint('order_id', { mode: 'number' }).references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
		importedBy: text('imported_by').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
	},
	(t) => [
		uniqueIndex('statement_credits_line_hash_key').on(t.lineHash),
		uniqueIndex('statement_credits_order_id_key')
			.on(t.orderId)
			.where(sql`${t.orderId} is not null`),
		index('statement_credits_account_idx').on(t.accountId, t.creditedOn),
		check('statement_credits_amount_check', sql`${t.amount} between 1 and ${TOTAL}`),
	],
)

/** How a receiving account's statement CSV reads: which column holds what, and how its dates are written; chosen once, kept (ADR-049). */
export const statementMappings = pgTable('statement_mappings', {
	accountId: text('account_id').primaryKey(),
	mapping: jsonb('mapping').$type<{ date: string; amount: string; reference: string; payer: string; dateFormat: string }>().notNull(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A buyer's store credit balance, by normalised email (ADR-051): locked for each change; never below zero. */
export const creditAccounts = pgTable(
	'credit_accounts',
	{
		email: text('email').primaryKey(),
		balance: integer('balance').notNull().default(0),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		check('credit_accounts_balance_check', sql`${t.balance} >= 0`),
		check('credit_accounts_email_check', sql`${t.email} = lower(btrim(${t.email})) and char_length(${t.email}) between 3 and 200`),
	],
)

/** The history of a buyer's store credit: inserted only (app/domain/credit/), its sum is the balance. */
export const creditEntries = pgTable(
	'credit_entries',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		email: text('email')
			.notNull()
			.references((): AnyPgColumn => creditAccounts.email, { onDelete: 'restrict' }),
		kind: text('kind').$type<CreditKind>().notNull(),
		/** Whole rupees: more credit (+) or less (−). */
		amount: integer('amount').notNull(),
		balanceAfter: integer('balance_after').notNull(),
		orderId: bigint('order_id', { mode: 'number' }).references((): AnyPgColumn => orders.id, { onDelete: 'restrict' }),
		refundId: bigint('refund_id', { mode: 'number' }).references((): AnyPgColumn => refunds.id, { onDelete: 'restrict' }),
		staffId: integer('staff_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
		/** Who: a staff email, 'api key: name', 'buyer' or 'shop'. */
		actor: text('actor').notNull(),
		reason: text('reason'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('credit_entries_email_idx').on(t.email, t.id),
		index('credit_entries_created_at_idx').on(t.createdAt),
		uniqueIndex('credit_entries_spent_key')
			.on(t.orderId)
			.where(sql`${t.kind} = 'spent'`),
		uniqueIndex('credit_entries_spend_reversed_key')
			.on(t.orderId)
			.where(sql`${t.kind} = 'spend_reversed'`),
		uniqueIndex('credit_entries_refund_key')
			.on(t.refundId)
			.where(sql`${t.refundId} is not null`),
		check('credit_entries_kind_check', sql`${t.kind} in ('refund', 'returned_unit', 'spent', 'spend_reversed', 'adjustment')`),
		check('credit_entries_amount_check', sql`${t.amount} <> 0 and ${t.amount} between -100000000 and 100000000`),
		check('credit_entries_balance_after_check', sql`${t.balanceAfter} >= 0`),
		check('credit_entries_sign_check', sql`(${t.kind} = 'spent') = (${t.amount} < 0) or ${t.kind} = 'adjustment'`),
	],
)
