import type { Db } from '../../db/client.server'
import { stockCounts } from '../stock/manage-stock.server'
import { getAdminProduct } from './manage-products.server'
import { publishChecklist, type ChecklistItem } from './publish-checklist'

/** A product's checklist before publishing, read from its row, its options and their stock (ADR-046). */
export async function readPublishChecklist(db: Db, id: number): Promise<ChecklistItem[]> {
	const [product, stock] = await Promise.all([getAdminProduct(db, id), stockCounts(db, id)])
	return publishChecklist({ image: product.image, stockMode: stock.stockMode, variants: product.variants }, new Map(stock.variants.map((v) => [v.variantId, v.available])))
}
