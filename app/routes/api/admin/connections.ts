import { db } from '~/db/client.server'
import { patchConnections, readConnections } from '~/domain/settings/connections.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { changeConnectionsContract, readConnectionsContract } from '~/http/admin-contracts/store'

// GET and PATCH /api/admin/connections: PayPro, email and the public address (/admin/connections) as JSON, owner session only.
const connections = adminRoute(
	adminEndpoint(readConnectionsContract, () => readConnections(db())),
	adminEndpoint(changeConnectionsContract, ({ actor, body }) => patchConnections(db(), actor, body)),
)
// Named one by one: the route build cannot take destructured exports.
export const loader = connections.loader
export const action = connections.action
