import { db } from '~/db/client.server'
import { readCustomer } from '~/domain/customers/customers.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { readCustomerContract } from '~/http/admin-contracts/customers'

// GET /api/admin/customers/{id}: one buyer (/admin/customers/{id}) as JSON.
const route = adminRoute(adminEndpoint(readCustomerContract, ({ params }) => readCustomer(db(), params.id)))
// Named one by one: the route build cannot take destructured exports.
export const loader = route.loader
export const action = route.action
