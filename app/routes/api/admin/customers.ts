import { db } from '~/db/client.server'
import { listCustomers } from '~/domain/customers/customers.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { listCustomersContract } from '~/http/admin-contracts/customers'

// GET /api/admin/customers: the buyers (/admin/customers) as JSON.
const route = adminRoute(adminEndpoint(listCustomersContract, ({ query }) => listCustomers(db(), query)))
// Named one by one: the route build cannot take destructured exports.
export const loader = route.loader
export const action = route.action
