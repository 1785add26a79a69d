import { sql } from 'drizzle-orm'
import type { Db } from '../../app/db/client.server'
import { emailOutbox } from '../../app/db/schema'
import { redeemSignInLink, requestBuyerSignIn } from '../../app/domain/buyers/sign-in.server'
import { openEmail } from '../../app/domain/email/sealed-email.server'

/** A `buyer_session` cookie for `email`, through the shop's own sign-in: the emailed link asked for, then opened (the address must have an order). */
export async function buyerSessionCookie(db: Db, email: string): Promise<string> {
	await requestBuyerSignIn(db, { email, clientIp: '203.0.113.7' })
	const [mail] = await db
		.select()
		.from(emailOutbox)
		.where(sql`${emailOutbox.dedupeKey} like 'sign-in:%' and lower(${emailOutbox.toEmail}) = ${email.toLowerCase()}`)
		.orderBy(sql`${emailOutbox.id} desc`)
		.limit(1)
	const token = new URL(openEmail(mail!).params.SIGN_IN_URL!).searchParams.get('token')
	return `buyer_session=${(await redeemSignInLink(db, token, { ip: null, userAgent: null })).sessionId}`
}
