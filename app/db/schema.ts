import { sql } from 'drizzle-orm'
import {
	bigserial,
	boolean,
	index,
	integer,
	jsonb,
	pgTable,
	serial,
	smallint,
	text,
	timestamp,
	uniqueIndex,
} from 'drizzle-orm/pg-core'
import type {
	Category,
	Denomination,
	DurationOption,
	Specification,
} from '../domain/catalogue/types'

export const products = pgTable('products', {
	id: integer('id').primaryKey(),
	name: text('name').notNull(),
	description: text('description').notNull(),
	price: integer('price').notNull(),
	originalPrice: integer('original_price'),
	image: text('image').notNull(),
	caption: text('caption').notNull(),
	category: text('category').$type<Category>().notNull(),
	features: jsonb('features').$type<string[]>().notNull(),
	specifications: jsonb('specifications').$type<Specification[]>().notNull(),
	paymentMethods: jsonb('payment_methods').$type<string[]>().notNull(),
	durations: jsonb('durations').$type<DurationOption[] | null>(),
	denominations: jsonb('denominations').$type<Denomination[] | null>(),
	privatePrice: integer('private_price'),
	sharedPrice: integer('shared_price'),
	featured: boolean('featured').notNull().default(false),
	active: boolean('active').notNull().default(true),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const gameLibrary = pgTable(
	'game_library',
	{
		id: serial('id').primaryKey(),
		title: text('title').notNull(),
		genre: text('genre').notNull(),
		trending: boolean('trending').notNull().default(false),
	},
	(t) => [uniqueIndex('game_library_title_key').on(t.title)],
)

export const reviews = pgTable(
	'reviews',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		productId: integer('product_id').notNull(),
		name: text('name').notNull(),
		rating: smallint('rating').notNull(),
		comment: text('comment').notNull(),
		isGamePass: boolean('is_game_pass').notNull().default(false),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('reviews_product_created_idx').on(t.productId, t.createdAt),
		index('reviews_game_pass_created_idx')
			.on(t.createdAt)
			.where(sql`${t.isGamePass}`),
	],
)

export const contactMessages = pgTable('contact_messages', {
	id: bigserial('id', { mode: 'number' }).primaryKey(),
	name: text('name').notNull(),
	email: text('email').notNull(),
	subject: text('subject'),
	message: text('message').notNull(),
	handled: boolean('handled').notNull().default(false),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One line of an order, as stored in product_details: the spec's fields plus the server's own. */
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
	code: string | null
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
		status: text('status').notNull().default('payment_pending'),
		fulfillmentStatus: text('fulfillment_status').notNull().default('pending'),
		deliveryContent: text('delivery_content'),
		productDetails: jsonb('product_details').$type<OrderLine[]>().notNull(),
		paymentMethod: text('payment_method').notNull().default('paypro'),
		payproTransactionId: text('paypro_transaction_id'),
		accessTokenHash: text('access_token_hash'),
		checkoutKey: text('checkout_key'),
		durationDays: integer('duration_days'),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('orders_order_number_key').on(t.orderNumber),
		uniqueIndex('orders_checkout_key_key').on(t.checkoutKey),
		index('orders_paypro_transaction_id_idx').on(t.payproTransactionId),
		index('orders_created_at_idx').on(t.createdAt),
		index('orders_status_idx').on(t.status),
	],
)

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
	key: text('key').primaryKey(),
	count: integer('count').notNull(),
	resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})
