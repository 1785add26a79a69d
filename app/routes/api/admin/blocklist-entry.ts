import { db } from '~/db/client.server'
import { unblockBuyer } from '~/domain/buyers/blocklist.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { removeBlockContract } from '~/http/admin-contracts/buyers'

// DELETE /api/admin/blocklist/{id}: the owner lifts a block.
const route = adminRoute(adminEndpoint(removeBlockContract, async ({ actor, params }) => {
		await unblockBuyer(db(), actor, params.id)
		return { removed: true as const, message: 'The block is lifted.' }
	}))
// Named one by one: the route build cannot take destructured exports.
export const loader = route.loader
export const action = route.action
