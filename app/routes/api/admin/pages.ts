import { db } from '~/db/client.server'
import { listPolicyPages } from '~/domain/pages/policy-pages.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { listPagesContract } from '~/http/admin-contracts/content'

// GET /api/admin/pages: the policy pages and the FAQ.
const route = adminRoute(adminEndpoint(listPagesContract, async () => ({ pages: await listPolicyPages(db()) })))

export const loader = route.loader
export const action = route.action
