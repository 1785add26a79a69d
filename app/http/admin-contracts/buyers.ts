import { z } from 'zod'
import { blockInput, blockView } from '../../domain/buyers/blocklist'
import { idSchema } from '../../utils/input'
import { defineContract, type AdminContract } from '../admin-contract'

/** The blocklist is the owner's: a staff session needs the owner, an X-ADMIN-KEY the blocklist scope. */
const blocklistAccess = { tag: 'Buyers', permission: 'owner', scope: 'blocklist' } as const

export const listBlocksContract = defineContract({
	method: 'GET',
	path: '/api/admin/blocklist',
	summary: 'The blocked buyers (emails, phone numbers, network addresses), newest first, each with the checkouts and sign-ins it refused',
	...blocklistAccess,
	response: z.object({ blocks: z.array(blockView) }),
})

export const addBlockContract = defineContract({
	method: 'POST',
	path: '/api/admin/blocklist',
	summary: 'Block a buyer by email, phone number or network address (stored normalised, so another spelling matches); audited',
	...blocklistAccess,
	body: blockInput,
	response: blockView,
	status: 201,
})

export const removeBlockContract = defineContract({
	method: 'DELETE',
	path: '/api/admin/blocklist/{id}',
	summary: 'Lift a block; audited',
	...blocklistAccess,
	params: z.object({ id: idSchema('That block is not on the list any more.') }),
	response: z.object({ removed: z.literal(true), message: z.string() }),
})

/** The buyers' endpoints. */
export const buyersContracts: AdminContract[] = [listBlocksContract, addBlockContract, removeBlockContract]
