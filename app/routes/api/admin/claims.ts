import { db } from '~/db/client.server'
import { listClaims } from '~/domain/claims/claims.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { listClaimsContract } from '~/http/admin-contracts/claims'

// GET /api/admin/claims?status=open|answered: the claims queue (ADR-052).
const route = adminRoute(adminEndpoint(listClaimsContract, ({ query }) => listClaims(db(), { status: query.status })))

export const loader = route.loader
export const action = route.action
