import { and, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orders, statementCredits } from '../../db/schema'
import { now } from '../../utils/clock'
import { countsAsSaleSql } from '../orders/order-facts'
import { accountsToShow, atCeiling, periodStart, type AccountIntake } from './receiving-accounts'
import { transferAccountId, type StoreDetails, type TransferAccount } from './store-details'
import { readStoreDetails } from './store-details.server'

/** A receiving account with its id, its ceiling, and what it took in this period (0 without a ceiling: not counted). */
export type AccountWithIntake<A extends TransferAccount = TransferAccount> = AccountIntake<A & { id: string }>

/**
 * What each account with a ceiling took in during its current Pakistan day or month: the money
 * confirmed into it, of the paid orders (that count as a sale) paid since the period began. An order
 * confirmed from a statement counts toward the account whose statement carried it, with the credit's
 * amount (the buyer may have paid into any account shown); any other toward the account its buyer was
 * shown first, with the amount transferred (total less store credit).
 */
export async function accountIntakes<A extends TransferAccount>(db: Db | Tx, accounts: A[], at: Date = now()): Promise<AccountWithIntake<A>[]> {
	const withIds = accounts.map((a) => ({ ...a, id: transferAccountId(a) }))
	const counted = withIds.filter((a) => a.ceiling)
	const day = periodStart('day', at)
	const month = periodStart('month', at)
	const received = new Map<string, { day: number; month: number }>()
	if (counted.length > 0) {
		const ids = counted.map((a) => a.id)
		const into = sql<string>`coalesce(${statementCredits.accountId}, ${orders.transferAccountId})`
		const amount = sql`coalesce(${statementCredits.amount}, ${orders.totalAmount} - ${orders.creditUsed})`
		const rows = await db
			.select({
				id: into,
				day: sql<string>`coalesce(sum(${amount}) filter (where ${orders.paidAt} >= ${day.toISOString()}::timestamptz), 0)`,
				month: sql<string>`coalesce(sum(${amount}), 0)`,
			})
			.from(orders)
			.leftJoin(statementCredits, eq(statementCredits.orderId, orders.id))
			.where(and(or(inArray(orders.transferAccountId, ids), inArray(statementCredits.accountId, ids)), isNotNull(orders.paidAt), gte(orders.paidAt, month), countsAsSaleSql()))
			.groupBy(into)
		for (const row of rows) if (row.id) received.set(row.id, { day: Number(row.day), month: Number(row.month) })
	}
	return withIds.map((account) => ({ account, ceiling: account.ceiling ?? null, received: account.ceiling ? (received.get(account.id)?.[account.ceiling.period] ?? 0) : 0 }))
}

/** The accounts new buyers are shown now (accountsToShow), each with its id. */
export async function shownTransferAccounts(db: Db, details?: Pick<StoreDetails, 'transferAccounts'>): Promise<(StoreDetails['transferAccounts'][number] & { id: string })[]> {
	const { transferAccounts } = details ?? (await readStoreDetails(db))
	return accountsToShow(await accountIntakes(db, transferAccounts))
}

/**
 * The accounts an order's buyer is shown (its page, its email): the account it was shown first when it
 * was placed, first and kept even once that account is full (the buyer may already have paid into it),
 * then the others new buyers are shown now. An account the owner has since removed is not shown; an
 * order placed before accounts were remembered sees those shown now.
 */
export async function transferAccountsForOrder(db: Db, order: { transferAccountId: string | null }, details?: Pick<StoreDetails, 'transferAccounts'>): Promise<(StoreDetails['transferAccounts'][number] & { id: string })[]> {
	const { transferAccounts } = details ?? (await readStoreDetails(db))
	const shown = await shownTransferAccounts(db, { transferAccounts })
	const own = order.transferAccountId ? transferAccounts.map((a) => ({ ...a, id: transferAccountId(a) })).find((a) => a.id === order.transferAccountId) : undefined
	return own ? [own, ...shown.filter((a) => a.id !== own.id)] : shown
}

/** The accounts of the order with this number (transferAccountsForOrder); those shown now when there is no such order. */
export async function transferAccountsForOrderNumber(db: Db, orderNumber: string, details?: Pick<StoreDetails, 'transferAccounts'>) {
	const [row] = await db.select({ transferAccountId: orders.transferAccountId }).from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	return transferAccountsForOrder(db, row ?? { transferAccountId: null }, details)
}

/** For the console: every account, what it took in against its ceiling, and whether buyers are shown it now. */
export async function receivingAccountsStatus(db: Db, details?: Pick<StoreDetails, 'transferAccounts'>) {
	const { transferAccounts } = details ?? (await readStoreDetails(db))
	const intakes = await accountIntakes(db, transferAccounts)
	const shown = new Set(accountsToShow(intakes).map((a) => a.id))
	return intakes.map((a) => ({ id: a.account.id, method: a.account.method, account: a.account.account, ceiling: a.ceiling, received: a.received, atCeiling: atCeiling(a), shown: shown.has(a.account.id) }))
}
export type ReceivingAccountStatus = Awaited<ReturnType<typeof receivingAccountsStatus>>[number]
