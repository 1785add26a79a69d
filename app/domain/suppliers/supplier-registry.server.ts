import type { suppliers } from '../../db/schema'
import { SUPPLIER_SIMULATOR } from '../../integrations/kinguin/simulator.server'
import { env } from '../../utils/env.server'
import { publicOrigin } from '../../utils/origin.server'
import { decryptDelivery } from '../fulfillment/delivery-crypto.server'
import { KINGUIN_CURRENCY, kinguinClient } from './kinguin.server'
import type { SupplierClient, SupplierCurrency } from './supplier-client'

// The one place a supplier row becomes a client: its protocol's adapter, its opened key, its address
// (the shop's own /supplier-sim for the simulator). A second protocol is one more case here.

export type SupplierRow = Pick<typeof suppliers.$inferSelect, 'id' | 'kind' | 'baseUrl' | 'apiKey' | 'simulator'>

/** Where the simulator supplier is reached: the shop itself, on the address it serves. */
export const simulatorBaseUrl = () => `${publicOrigin()}${SUPPLIER_SIMULATOR.basePath}`

export function supplierClient(row: SupplierRow, { timeoutMs = env().SUPPLIER_TIMEOUT_MS }: { timeoutMs?: number } = {}): SupplierClient {
	const apiKey = decryptDelivery(row.apiKey) ?? ''
	const baseUrl = row.simulator && row.baseUrl === SUPPLIER_SIMULATOR.basePath ? simulatorBaseUrl() : row.baseUrl
	switch (row.kind) {
		case 'kinguin':
			return kinguinClient({ baseUrl, apiKey, timeoutMs })
	}
	throw new Error(`Unknown supplier protocol ${String(row.kind)}`)
}

/** The currency a supplier's prices and balance are in, as its protocol's adapter reports it: known without opening its key. */
export function supplierCurrency(row: Pick<SupplierRow, 'kind'>): SupplierCurrency {
	switch (row.kind) {
		case 'kinguin':
			return KINGUIN_CURRENCY
	}
	throw new Error(`Unknown supplier protocol ${String(row.kind)}`)
}
