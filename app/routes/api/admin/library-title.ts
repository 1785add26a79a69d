import { db } from '~/db/client.server'
import { updateLibraryTitle } from '~/domain/library/manage-library.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { changeLibraryTitleContract } from '~/http/admin-contracts/content'

// PATCH /api/admin/library/{id}: change a title, or hide it from the library page.
const route = adminRoute(adminEndpoint(changeLibraryTitleContract, ({ actor, params, body }) => updateLibraryTitle(db(), actor, params.id, body)))

export const loader = route.loader
export const action = route.action
