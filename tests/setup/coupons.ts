// Discount codes for the checkout's tests, and the sentence a refused checkout answers with.
import { expect } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { coupons } from '../../app/db/schema'
import { AppError } from '../../app/utils/app-error'

/** A discount code as the console stores it: a percentage off unless `kind` says otherwise. */
export async function addCoupon(db: Db, values: Partial<typeof coupons.$inferInsert> & { code: string; value: number }) {
	const [row] = await db
		.insert(coupons)
		.values({ kind: 'percent', ...values })
		.returning()
	return row!
}

/** The AppError a command refused with (it must refuse with one, never crash or succeed). */
export async function refusedWith(promise: Promise<unknown>): Promise<AppError> {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(AppError)
	return error as AppError
}

/** The sentence a command refused with. */
export const refusalOf = async (promise: Promise<unknown>): Promise<string> => (await refusedWith(promise)).message
