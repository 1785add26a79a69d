import { sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.server'
import type { Said } from '../i18n/words'
import { AppError } from '../utils/app-error'

/**
 * Fixed-window counter in Postgres, so every server instance shares it.
 * Throws RATE_LIMITED (RateLimited, with the seconds left in the window) once `limit` hits land
 * within `windowSeconds`; `message` may be written from those seconds.
 *
 * Its own statement (never inside a caller's transaction), committed without waiting for the disk
 * (ADR-026): every hit from one address updates one row, and a commit that waited for the disk held
 * that row's lock for the whole flush (about 8 ms here), so one address's checkouts queued behind
 * each other. A database crash may forget the last hits of a window; it never forgets an order.
 */
export async function hitRateLimit(
	db: Db,
	key: string,
	{ limit, windowSeconds, message }: { limit: number; windowSeconds: number; message: Said | ((retryAfterSeconds: number) => Said) },
) {
	if (db instanceof PgTransaction) throw new Error('hitRateLimit runs on its own, outside any transaction')
	const result = await db.execute<{ count: number; retry_after: number }>(sql`
		insert into rate_limits (key, count, reset_at)
		select ${key}, 1, now() + make_interval(secs => ${windowSeconds})
		from (select set_config('synchronous_commit', 'off', true)) as commit_without_waiting
		on conflict (key) do update set
			count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
			reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
		returning count, greatest(1, ceil(extract(epoch from reset_at - now())))::int as retry_after`)
	const count = Number(result.rows[0]?.count ?? 0)
	if (count <= limit) return
	const retryAfterSeconds = Number(result.rows[0]?.retry_after ?? windowSeconds)
	throw new RateLimited(typeof message === 'function' ? message(retryAfterSeconds) : message, retryAfterSeconds)
}

/** A limit reached: RATE_LIMITED (429), with the seconds until its window ends (the answer's Retry-After). */
export class RateLimited extends AppError {
	constructor(
		message: Said,
		readonly retryAfterSeconds: number,
	) {
		super('RATE_LIMITED', message)
	}
}

/** Counters whose window has passed; the minute sweep removes them. */
export async function pruneRateLimits(db: Db) {
	await db.execute(sql`delete from rate_limits where reset_at < now()`)
}

/**
 * An allowance counted in units (bytes) over a fixed window, shared by every instance: adds `amount`
 * to the key's count and returns the count with it. `amount` 0 only reads it.
 */
export async function spendAllowance(db: Db, key: string, amount: number, windowSeconds: number): Promise<number> {
	const result = await db.execute<{ count: number }>(sql`
		insert into rate_limits (key, count, reset_at)
		values (${key}, ${amount}, now() + make_interval(secs => ${windowSeconds}))
		on conflict (key) do update set
			count = case when rate_limits.reset_at <= now() then excluded.count else rate_limits.count + excluded.count end,
			reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
		returning count`)
	return Number(result.rows[0]?.count ?? 0)
}
