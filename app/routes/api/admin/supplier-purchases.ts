import { db } from '~/db/client.server'
import { listSupplierPurchases } from '~/domain/suppliers/supplier-purchases.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { listSupplierPurchasesContract } from '~/http/admin-contracts/suppliers'

// GET /api/admin/supplier-purchases?status=
const route = adminRoute(adminEndpoint(listSupplierPurchasesContract, ({ query }) => listSupplierPurchases(db(), query)))

export const loader = route.loader
export const action = route.action
