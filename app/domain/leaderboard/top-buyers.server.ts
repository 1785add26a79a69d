import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { countsAsSaleSql } from '../orders/order-facts'

export interface LeaderboardRow {
	id: string
	rank: number
	name: string
	orders_count: number
	total_spent: number
}

export const LEADERBOARD_SIZE = 6

/** 'Ayesha Khan' → 'Ayesha K.': buyers are shown by first name and initial only. */
export function publicBuyerName(fullName: string | null): string {
	const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean)
	if (parts.length === 0) return 'Anonymous'
	const first = parts[0]!
	const initial = parts.length > 1 ? ` ${parts[parts.length - 1]![0]!.toUpperCase()}.` : ''
	return `${first}${initial}`
}

/** Top buyers by rupees spent on their sales (countsAsSale), net of refunds, grouped by email. */
export async function topBuyers(db: Db, limit = LEADERBOARD_SIZE): Promise<LeaderboardRow[]> {
	const result = await db.execute<{ key: string; name: string | null; orders_count: string; total_spent: string }>(sql`
		select lower(customer_email) as key,
			(array_agg(customer_name order by created_at desc))[1] as name,
			count(*) as orders_count,
			sum(total_amount - refunded_amount) as total_spent
		from orders
		where ${countsAsSaleSql()}
			and customer_email is not null
		group by lower(customer_email)
		order by sum(total_amount - refunded_amount) desc, count(*) desc, min(created_at) asc
		limit ${limit}`)
	return result.rows.map((r, i) => ({
		id: String(i + 1),
		rank: i + 1,
		name: publicBuyerName(r.name),
		orders_count: Number(r.orders_count),
		total_spent: Number(r.total_spent),
	}))
}
