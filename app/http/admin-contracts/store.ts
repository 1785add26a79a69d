import { storeDetailsPatchSchema, storeDetailsView } from '../../domain/settings/store-details'
import { defineContract, type AdminContract } from '../admin-contract'

export const readStoreSettingsContract = defineContract({
	method: 'GET',
	path: '/api/admin/store-settings',
	summary: 'The store details: name, contacts, transfer accounts, banner, hero texts, testimonials, video and pixel ids',
	tag: 'Store',
	permission: 'owner',
	scope: 'session-only',
	response: storeDetailsView,
})

export const changeStoreSettingsContract = defineContract({
	method: 'PATCH',
	path: '/api/admin/store-settings',
	summary: 'Change some store details (the fields sent; lists are replaced whole); audited, and every instance shows the change at once',
	tag: 'Store',
	permission: 'owner',
	scope: 'session-only',
	body: storeDetailsPatchSchema,
	response: storeDetailsView,
})

/** The store endpoints' contracts (filled in as the endpoints are built). */
export const storeContracts: AdminContract[] = [readStoreSettingsContract, changeStoreSettingsContract]
