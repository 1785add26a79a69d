import { db } from '~/db/client.server'
import { importStatementFrom } from '~/domain/payments/statement-import.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { importStatementContract } from '~/http/admin-contracts/transfers'
import { readStatementRequest } from '~/http/statement-upload.server'

// POST /api/admin/transfer-statements: a receiving account's statement (a CSV upload, pasted lines or JSON lines), matched with the orders waiting for a transfer.
const route = adminRoute(adminEndpoint(importStatementContract, async ({ actor, request }) => importStatementFrom(db(), actor, await readStatementRequest(request))))

export const loader = route.loader
export const action = route.action
