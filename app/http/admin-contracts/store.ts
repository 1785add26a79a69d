import { z } from 'zod'
import { connectionsPatch, connectionsView, connectionTestAnswer } from '../../domain/settings/connections'
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

export const readConnectionsContract = defineContract({
	method: 'GET',
	path: '/api/admin/connections',
	summary: 'PayPro, email and the public address: where each comes from (environment, console or none), never a secret (each as its last four characters)',
	tag: 'Store',
	permission: 'owner',
	scope: 'session-only',
	response: connectionsView,
})

export const changeConnectionsContract = defineContract({
	method: 'PATCH',
	path: '/api/admin/connections',
	summary: 'Connect or change PayPro, email or the public address (the parts sent; secrets are write-only, left out to keep the saved ones; paypro null or email provider log disconnects); audited, and every instance uses them at once',
	tag: 'Store',
	permission: 'owner',
	scope: 'session-only',
	body: connectionsPatch,
	response: connectionsView,
})

export const testConnectionContract = defineContract({
	method: 'POST',
	path: '/api/admin/connections/{part}/test',
	summary: 'Tests a connection with its real protocol: PayPro’s auth call, or a test email to the signed-in owner; the answer in a sentence',
	tag: 'Store',
	permission: 'owner',
	scope: 'session-only',
	params: z.object({ part: z.enum(['paypro', 'email']) }),
	response: connectionTestAnswer,
})

/** The store endpoints' contracts (filled in as the endpoints are built). */
export const storeContracts: AdminContract[] = [readStoreSettingsContract, changeStoreSettingsContract, readConnectionsContract, changeConnectionsContract, testConnectionContract]
