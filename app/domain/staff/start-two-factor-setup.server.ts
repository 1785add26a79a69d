import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { decryptDelivery, encryptDelivery } from '../fulfillment/delivery-crypto.server'
import { groupedSecret, newTotpSecret, totpQrSvg, totpUri } from './two-factor.server'

/**
 * The secret a staff member adds to their authenticator app: the one already waiting for its first
 * code, or a new one (kept encrypted). Nothing changes for sign-in until a code confirms it.
 */
export async function startTwoFactorSetup(db: Db, staff: { id: number; email: string }, issuer: string) {
	const [row] = await db.select({ pending: staffUsers.totpPendingSecret }).from(staffUsers).where(eq(staffUsers.id, staff.id)).limit(1)
	let secret = row?.pending ? decryptDelivery(row.pending)! : null
	if (!secret) {
		secret = newTotpSecret()
		await db.update(staffUsers).set({ totpPendingSecret: encryptDelivery(secret) }).where(eq(staffUsers.id, staff.id))
	}
	const uri = totpUri({ secret, account: staff.email, issuer })
	return { secret: groupedSecret(secret), uri, qrSvg: await totpQrSvg(uri) }
}
