import { db } from '~/db/client.server'
import { createLibraryTitle, listAdminLibrary } from '~/domain/library/manage-library.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { addLibraryTitleContract, listLibraryContract } from '~/http/admin-contracts/content'

// GET and POST /api/admin/library: the game library's titles, and adding one.
const route = adminRoute(
	adminEndpoint(listLibraryContract, ({ query }) => listAdminLibrary(db(), query)),
	adminEndpoint(addLibraryTitleContract, ({ actor, body }) => createLibraryTitle(db(), actor, body)),
)

export const loader = route.loader
export const action = route.action
