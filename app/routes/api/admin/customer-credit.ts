import { db } from '~/db/client.server'
import { readCredit } from '~/domain/credit/credit.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { readCustomerCreditContract } from '~/http/admin-contracts/customers'

// GET /api/admin/customers/{email}/credit: a buyer's store credit, balance and entries (ADR-051).
const route = adminRoute(adminEndpoint(readCustomerCreditContract, ({ params }) => readCredit(db(), params.email)))
// Named one by one: the route build cannot take destructured exports.
export const loader = route.loader
export const action = route.action
