import { db } from '~/db/client.server'
import { retrySupplierPurchase } from '~/domain/suppliers/supplier-purchases.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { retrySupplierPurchaseContract } from '~/http/admin-contracts/suppliers'

// POST /api/admin/supplier-purchases/{id}/retry
const route = adminRoute(adminEndpoint(retrySupplierPurchaseContract, ({ actor, params }) => retrySupplierPurchase(db(), actor, params.id)))

export const loader = route.loader
export const action = route.action
