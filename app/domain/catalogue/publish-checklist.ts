import { PLACEHOLDER_IMAGE } from './covers'
import type { StockMode } from '../../db/schema'

// What a product should have before buyers see it (ADR-046): a price on every option, a cover of its
// own, and a way to deliver every option (stock, or staff by hand). Publishing with something missing
// is the owner's choice, ticked on purpose.

export interface ChecklistProduct {
	image: string
	stockMode: StockMode
	variants: { id: number; label: string; months: number | null; value: number | null; price: number; hidden: boolean }[]
}

export interface ChecklistItem {
	key: 'prices' | 'cover' | 'delivery'
	label: string
	done: boolean
	/** What is missing, when it is not done. */
	missing: string | null
}

/** A custom entry (months or value 0) is quoted on WhatsApp: it has no price by design. */
const isCustom = (v: ChecklistProduct['variants'][number]) => v.months === 0 || v.value === 0

/** The checklist, from the product and how many free units each option has in stock. */
export function publishChecklist(product: ChecklistProduct, freeUnits: ReadonlyMap<number, number>): ChecklistItem[] {
	const shown = product.variants.filter((v) => !v.hidden)
	const unpriced = shown.filter((v) => v.price <= 0 && !isCustom(v)).map((v) => v.label)
	// Hand delivery serves every option (manual, or stock else manual); stock only needs units of each.
	const undeliverable = product.stockMode === 'stock_only' ? shown.filter((v) => (freeUnits.get(v.id) ?? 0) <= 0).map((v) => v.label) : []
	const cover = product.image !== PLACEHOLDER_IMAGE
	return [
		{ key: 'prices', label: 'A price on every option', done: unpriced.length === 0, missing: unpriced.length ? `a price on ${unpriced.join(', ')}` : null },
		{ key: 'cover', label: 'A cover image', done: cover, missing: cover ? null : 'a cover image' },
		{
			key: 'delivery',
			label: 'Stock or hand delivery for every option',
			done: undeliverable.length === 0,
			missing: undeliverable.length ? `stock for ${undeliverable.join(', ')} (sold from stock only)` : null,
		},
	]
}

/** The refusal's sentence: what is missing, and how to publish anyway. */
export function notReadyMessage(items: ChecklistItem[]): string | null {
	const missing = items.flatMap((i) => (i.missing ? [i.missing] : []))
	if (!missing.length) return null
	return `Not published: it still needs ${missing.join('; ')}. Tick “Publish anyway” to publish it as it is.`
}
