import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { products } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from '../staff/audit.server'
import { requireGrant } from '../staff/permissions'
import { notifyStoreChanged } from '../store-changes.server'
import { getAdminProduct, PRODUCT_NOT_FOUND } from './manage-products.server'
import type { ProductStatus } from './on-sale'
import { notReadyMessage } from './publish-checklist'
import { readPublishChecklist } from './read-publish-checklist.server'

/**
 * Publishes a draft (buyers see it while it is visible) or takes a product back to draft (ADR-046).
 * Publishing with something on the checklist missing is refused with the list in a sentence, unless
 * the owner ticked `anyway`; either way the audit entry names what was missing.
 */
export async function setProductStatus(db: Db, actor: Actor, id: number, { status, anyway = false }: { status: ProductStatus; anyway?: boolean }) {
	requireGrant(actor, 'catalogue')
	const checklist = status === 'published' ? await readPublishChecklist(db, id) : []
	const notReady = notReadyMessage(checklist)
	if (notReady && !anyway) throw new AppError('BAD_REQUEST', notReady, { anyway: notReady })
	return db.transaction(async (tx) => {
		const [locked] = await tx.select({ status: products.status }).from(products).where(eq(products.id, id)).for('update')
		if (!locked) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND)
		if (locked.status === status) return getAdminProduct(tx, id)
		await tx.update(products).set({ status, updatedAt: sql`now()` }).where(eq(products.id, id))
		const missing = checklist.flatMap((i) => (i.missing ? [i.missing] : []))
		await recordAudit(tx, actor, {
			action: status === 'published' ? 'product.publish' : 'product.unpublish',
			target: `product ${id}`,
			before: { status: locked.status },
			after: { status },
			note: missing.length ? `Published anyway, without ${missing.join('; ')}.` : null,
		})
		await notifyStoreChanged(tx, 'catalogue')
		return getAdminProduct(tx, id)
	})
}
