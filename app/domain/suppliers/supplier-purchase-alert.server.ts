import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { productVariants, products, type supplierPurchases } from '../../db/schema'
import type { MessageKey } from '../../i18n/catalogue'
import { inEnglish } from '../../i18n/english'
import { absoluteUrl } from '../../utils/origin.server'
import { queueAlert } from '../alerts/queue-alert.server'

// A purchase from a supplier that starts waiting for staff (the margin, no rate for its currency, every
// supplier failed, keys that never came) is the moment a person is needed (ADR-055): staff hear of it
// once per purchase, in the transaction that makes it wait, with the order, the option and the reason.
// It is the hand-delivery event: the order is now staff's to deliver by hand or to retry, and the owner
// hears of it by default (ADR-047).

type WaitingPurchase = Pick<typeof supplierPurchases.$inferSelect, 'id' | 'orderNumber' | 'variantId' | 'quantity' | 'reason' | 'reasonParams'>

export async function alertPurchaseWaits(tx: Db | Tx, purchase: WaitingPurchase, supplierName: string): Promise<number> {
	const [option] =
		purchase.variantId == null
			? []
			: await tx.select({ productName: products.name, label: productVariants.label }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(eq(productVariants.id, purchase.variantId))
	const optionName = option ? `${option.productName} (${option.label})` : 'an option'
	const reason = purchase.reason ? inEnglish({ key: purchase.reason as MessageKey, params: purchase.reasonParams ?? {} }) : 'No reason was given.'
	const units = purchase.quantity === 1 ? '1 code' : `${purchase.quantity} codes`
	return queueAlert(tx, {
		event: 'hand-delivery',
		key: `supplier-purchase-waits:${purchase.id}`,
		subject: `Supplier purchase waits for you: ${purchase.orderNumber}`,
		text: [
			`Order ${purchase.orderNumber} is paid and waits for ${units} of ${optionName} from ${supplierName}. The purchase stopped:`,
			reason,
			'Fix the cause and press Retry, or deliver the codes by hand.',
			'',
			absoluteUrl('/admin/suppliers#waiting-heading'),
			absoluteUrl(`/admin/orders/${purchase.orderNumber}`),
		].join('\n'),
	})
}
