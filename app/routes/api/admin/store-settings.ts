import { db } from '~/db/client.server'
import { readStoreDetails, updateStoreDetails } from '~/domain/settings/store-details.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { changeStoreSettingsContract, readStoreSettingsContract } from '~/http/admin-contracts/store'

// GET and PATCH /api/admin/store-settings: the owner's store details (/admin/store) as JSON.
const storeSettings = adminRoute(
	adminEndpoint(readStoreSettingsContract, () => readStoreDetails(db())),
	adminEndpoint(changeStoreSettingsContract, async ({ actor, body }) => (await updateStoreDetails(db(), actor, body)).details),
)
// Named one by one: the route build cannot take destructured exports.
export const loader = storeSettings.loader
export const action = storeSettings.action
