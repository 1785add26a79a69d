// An option sold from stock, then bought from wholesalers speaking Kinguin's protocol (ADR-053), set up
// as the owner sets it up: suppliers connected, the option's suppliers and minimum margin by the
// product's PATCH, the dollar rate and PayPro's fee in the cost settings.
import type { Db } from '../../app/db/client.server'
import { updateProduct } from '../../app/domain/catalogue/manage-products.server'
import { updateCostSettings } from '../../app/domain/costs/cost-settings.server'
import { importStock, setStockMode } from '../../app/domain/stock/manage-stock.server'
import { createSupplier } from '../../app/domain/suppliers/suppliers.server'
import type { SimProduct } from '../../app/integrations/kinguin/simulator.server'
import type { FakeKinguin } from '../fakes/kinguin-server'
import { codes, giftCardWithTwoOptions } from './catalogue'
import { owner } from './orders'

/** The wholesaler's product behind the $10 option: € 9.50 a unit (Kinguin's protocol prices in euros). */
export const PSN10: SimProduct = { productId: 'psn-10-usd', kinguinId: 501, name: 'PlayStation Store 10 USD', priceCents: 950, qty: 1000 }

/**
 * A PlayStation card whose $10 option (Rs. 3,200) is sold from stock, then from the given suppliers in
 * order, with a 10% minimum margin; the owner's rates Rs. 280 a dollar and Rs. 280 a euro (the
 * same number, so the sums read alike; tests of the currency set their own) and PayPro's fee 2.5%: a
 * unit may cost at most € 10.00.
 */
export async function suppliedOption(db: Db, fakes: Pick<FakeKinguin, 'url' | 'apiKey'>[], { stock = 0, name = 'PSN Card (wholesale)' }: { stock?: number; name?: string } = {}) {
	const { productId, ten, twentyFive } = await giftCardWithTwoOptions(db, name)
	await setStockMode(db, owner, productId, 'stock_only')
	const suppliers = []
	for (const [n, fake] of fakes.entries()) suppliers.push(await createSupplier(db, owner, { name: `Wholesaler ${n + 1}`, baseUrl: fake.url, apiKey: fake.apiKey }))
	await updateProduct(db, owner, productId, {
		variants: [
			{ id: ten, label: '$10 USD', value: 10, price: 3200, supply: suppliers.map((s) => ({ supplierId: s.id, supplierProductId: PSN10.productId })), minMarginPercent: 10 },
			{ id: twentyFive, label: '$25 USD', value: 25, price: 7800 },
		],
	})
	await updateCostSettings(db, owner, { rupeesPerDollar: 280, rupeesPerEuro: 280, payproFeePercent: 2.5 })
	if (stock) await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes('OWN', stock) })
	return { productId, variantId: ten, otherVariantId: twentyFive, suppliers }
}
