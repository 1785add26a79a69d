import { and, gte, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orders } from '../../db/schema'
import { now } from '../../utils/clock'
import { countsAsSaleSql } from '../orders/order-facts'
import { accountsToShow, atCeiling, periodStart, type AccountIntake } from './receiving-accounts'
import { transferAccountId, type StoreDetails, type TransferAccount } from './store-details'
import { readStoreDetails } from './store-details.server'

/** A receiving account with its id, its ceiling, and what it took in this period (0 without a ceiling: not counted). */
export type AccountWithIntake<A extends TransferAccount = TransferAccount> = AccountIntake<A & { id: string }>

/**
 * What each account with a ceiling took in during its current Pakistan day or month: the amounts
 * transferred (total less store credit) of the paid orders attributed to it, paid since the period began.
 */
export async function accountIntakes<A extends TransferAccount>(db: Db | Tx, accounts: A[], at: Date = now()): Promise<AccountWithIntake<A>[]> {
	const withIds = accounts.map((a) => ({ ...a, id: transferAccountId(a) }))
	const counted = withIds.filter((a) => a.ceiling)
	const day = periodStart('day', at)
	const month = periodStart('month', at)
	const received = new Map<string, { day: number; month: number }>()
	if (counted.length > 0) {
		const rows = await db
			.select({
				id: orders.transferAccountId,
				day: sql<string>`coalesce(sum(${orders.totalAmount} - ${orders.creditUsed}) filter (where ${orders.paidAt} >= ${day.toISOString()}::timestamptz), 0)`,
				month: sql<string>`coalesce(sum(${orders.totalAmount} - ${orders.creditUsed}), 0)`,
			})
			.from(orders)
			.where(and(inArray(orders.transferAccountId, counted.map((a) => a.id)), isNotNull(orders.paidAt), gte(orders.paidAt, month), countsAsSaleSql()))
			.groupBy(orders.transferAccountId)
		for (const row of rows) if (row.id) received.set(row.id, { day: Number(row.day), month: Number(row.month) })
	}
	return withIds.map((account) => ({ account, ceiling: account.ceiling ?? null, received: account.ceiling ? (received.get(account.id)?.[account.ceiling.period] ?? 0) : 0 }))
}

/** The accounts new buyers are shown now (accountsToShow), each with its id. */
export async function shownTransferAccounts(db: Db, details?: Pick<StoreDetails, 'transferAccounts'>): Promise<(StoreDetails['transferAccounts'][number] & { id: string })[]> {
	const { transferAccounts } = details ?? (await readStoreDetails(db))
	return accountsToShow(await accountIntakes(db, transferAccounts))
}

/** For the console: every account, what it took in against its ceiling, and whether buyers are shown it now. */
export async function receivingAccountsStatus(db: Db, details?: Pick<StoreDetails, 'transferAccounts'>) {
	const { transferAccounts } = details ?? (await readStoreDetails(db))
	const intakes = await accountIntakes(db, transferAccounts)
	const shown = new Set(accountsToShow(intakes).map((a) => a.id))
	return intakes.map((a) => ({ id: a.account.id, method: a.account.method, account: a.account.account, ceiling: a.ceiling, received: a.received, atCeiling: atCeiling(a), shown: shown.has(a.account.id) }))
}
export type ReceivingAccountStatus = Awaited<ReturnType<typeof receivingAccountsStatus>>[number]
