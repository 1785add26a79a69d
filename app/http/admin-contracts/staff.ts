import { z } from 'zod'
import { STAFF_GRANTS } from '../../domain/staff/permissions'
import { idSchema } from '../../utils/input'
import { defineContract, type AdminContract } from '../admin-contract'

const staffId = z.object({ id: idSchema('No staff account with that id.') })

const account = z.object({
	id: z.number().int(),
	email: z.string(),
	name: z.string(),
	role: z.enum(['owner', 'staff']),
	active: z.boolean(),
})

/** A staff account as tools written before grants read it. */
export const staffAccount = account.extend({
	canManageCatalogue: z.boolean().describe('May manage the catalogue (owners always may)'),
})

export const staffGrantsAccount = account.extend({
	grants: z.array(z.enum(STAFF_GRANTS)).describe('What the owner lets this account do beyond any staff member (an owner holds every grant)'),
})

export const changeStaffContract = defineContract({
	method: 'PATCH',
	path: '/api/admin/staff/{id}',
	summary: 'Let a staff account manage the catalogue, or stop it (audited before and after); its other grants are kept',
	tag: 'Staff',
	permission: 'owner',
	scope: 'session-only',
	params: staffId,
	body: z.strictObject({ canManageCatalogue: z.boolean() }),
	response: staffAccount,
})

export const setStaffGrantsContract = defineContract({
	method: 'PUT',
	path: '/api/admin/staff/{id}/grants',
	summary: 'Set everything a staff account may do beyond any staff member: manage the catalogue, reveal stock, refund orders, see reports (audited before and after)',
	tag: 'Staff',
	permission: 'owner',
	scope: 'session-only',
	params: staffId,
	body: z.strictObject({ grants: z.array(z.enum(STAFF_GRANTS)).max(STAFF_GRANTS.length) }),
	response: staffGrantsAccount,
})

/** The staff accounts' endpoints. */
export const staffContracts: AdminContract[] = [changeStaffContract, setStaffGrantsContract]
