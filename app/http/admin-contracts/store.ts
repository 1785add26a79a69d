import { z } from 'zod'
import { connectionsPatch, connectionsView, connectionTestAnswer } from '../../domain/settings/connections'
import { storeDetailsPatchSchema, storeDetailsView } from '../../domain/settings/store-details'
import { APP_ICON_MAX_BYTES } from '../../domain/installable/app-icon-rules'
import { defineContract, type AdminContract } from '../admin-contract'

export const readStoreSettingsContract = defineContract({
	method: 'GET',
	path: '/api/admin/store-settings',
	summary: 'The store details: name, contacts, transfer accounts, banner, hero texts, testimonials, video and pixel ids, the app’s name and short name',
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

export const uploadAppIconContract = defineContract({
	method: 'POST',
	path: '/api/admin/app-icon',
	summary:
		'Upload the installed app’s icon (multipart/form-data, field `icon`): a square PNG, JPEG or WebP of at least 512 × 512 pixels, at most 8 MB. It is drawn as /icons/app-192.png, app-512.png and app-maskable-512.png (the picture inside the middle 80% on the page colour), which the manifest and the apple-touch-icon name from then on; audited. A form that accepts text/html is sent back to /admin/store (303).',
	tag: 'Store',
	permission: 'owner',
	scope: 'session-only',
	multipart: true,
	body: z.object({ icon: z.file().max(APP_ICON_MAX_BYTES).describe('The icon, square, at least 512 × 512') }),
	response: z.object({ base: z.string().describe('The version the icons’ addresses carry (?v=)') }),
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
export const storeContracts: AdminContract[] = [readStoreSettingsContract, changeStoreSettingsContract, readConnectionsContract, changeConnectionsContract, testConnectionContract, uploadAppIconContract]
