import type { AdminContract } from '../admin-contract'
import { buyersContracts } from './buyers'
import { claimsContracts } from './claims'
import { contentContracts } from './content'
import { couponsContracts } from './coupons'
import { customersContracts } from './customers'
import { mediaContracts } from './media'
import { ordersContracts } from './orders'
import { productsContracts } from './products'
import { reportsContracts } from './reports'
import { sessionContracts } from './session'
import { staffContracts } from './staff'
import { stockContracts } from './stock'
import { stockDeliveryContracts } from './stock-delivery'
import { storeContracts } from './store'
import { transfersContracts } from './transfers'

/** Every /api/admin/ endpoint, for the OpenAPI document. Each area lists its own. */
export const adminContracts: AdminContract[] = [...productsContracts, ...mediaContracts, ...stockContracts, ...stockDeliveryContracts, ...storeContracts, ...contentContracts, ...staffContracts, ...buyersContracts, ...customersContracts, ...couponsContracts, ...ordersContracts, ...claimsContracts, ...reportsContracts, ...transfersContracts, ...sessionContracts]
