import { db } from '~/db/client.server'
import { answerClaim } from '~/domain/claims/claims.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { answerClaimContract } from '~/http/admin-contracts/claims'

// POST /api/admin/claims/{id}/answer: replace, refund or refuse a claim (ADR-052).
const route = adminRoute(adminEndpoint(answerClaimContract, ({ actor, params, body }) => answerClaim(db(), actor, params.id, body)))

export const loader = route.loader
export const action = route.action
