import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { adminContracts } from '~/http/admin-contracts'
import { openapiContract } from '~/http/admin-contracts/session'
import { adminOpenApiDocument, type OpenApiDocument } from '~/http/admin-openapi'

// GET /api/admin/openapi.json: the console API's OpenAPI 3.1 document, generated once from the contracts.
let document: OpenApiDocument | null = null

const route = adminRoute(adminEndpoint(openapiContract, () => (document ??= adminOpenApiDocument(adminContracts))))

// Named one by one: React Router strips loader and action from the browser build, which it cannot do for destructured exports.
export const loader = route.loader
export const action = route.action
