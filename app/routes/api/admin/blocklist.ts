import { db } from '~/db/client.server'
import { blockBuyer, listBlocks } from '~/domain/buyers/blocklist.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { addBlockContract, listBlocksContract } from '~/http/admin-contracts/buyers'

// GET and POST /api/admin/blocklist: the owner's blocked buyers (/admin/blocklist) as JSON.
const route = adminRoute(
	adminEndpoint(listBlocksContract, async () => ({ blocks: await listBlocks(db()) })),
	adminEndpoint(addBlockContract, ({ actor, body }) => blockBuyer(db(), actor, body)),
)
// Named one by one: the route build cannot take destructured exports.
export const loader = route.loader
export const action = route.action
