import { db } from '~/db/client.server'
import { testEmail, testPayPro } from '~/domain/settings/connections.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { testConnectionContract } from '~/http/admin-contracts/store'

// POST /api/admin/connections/{paypro|email}/test: the console's Test buttons as JSON.
const test = adminRoute(adminEndpoint(testConnectionContract, ({ params, staff }) => (params.part === 'paypro' ? testPayPro() : testEmail(db(), staff!.email))))
export const action = test.action
export const loader = test.loader
