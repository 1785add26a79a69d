// Products the tests sell, created as the owner creates them in the console, and codes to stock them with.
import type { Db } from '../../app/db/client.server'
import { createProduct } from '../../app/domain/catalogue/manage-products.server'
import { createProductInput } from '../../app/domain/catalogue/product-input'
import { owner } from './orders'

/** $10 (Rs. 3,200) and $25 (Rs. 7,800). */
const TEN_AND_TWENTY_FIVE = [
	{ label: '$10 USD', value: 10, price: 3200 },
	{ label: '$25 USD', value: 25, price: 7800 },
]

/** A PlayStation gift card with two options, $10 and $25, delivered by email. */
export async function giftCardWithTwoOptions(db: Db, name: string) {
	const input = createProductInput.parse({ name, platform: 'playstation', kind: 'gift_card', description: 'Delivered by email.', variants: TEN_AND_TWENTY_FIVE })
	const product = await createProduct(db, owner, input)
	return { productId: product.id, ten: product.variants[0]!.id, twentyFive: product.variants[1]!.id }
}

/** `n` codes for a stock import: PREFIX-0001-XQ7K, PREFIX-0002-XQ7K… */
export const codes = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ code: `${prefix}-${String(i + 1).padStart(4, '0')}-XQ7K` }))
