import { z } from 'zod'
import { idSchema } from '../../utils/input'
import { defineContract, type AdminContract } from '../admin-contract'

export const staffAccount = z.object({
	id: z.number().int(),
	email: z.string(),
	name: z.string(),
	role: z.enum(['owner', 'staff']),
	active: z.boolean(),
	canManageCatalogue: z.boolean().describe('May manage the catalogue (owners always may)'),
})

export const changeStaffContract = defineContract({
	method: 'PATCH',
	path: '/api/admin/staff/{id}',
	summary: 'Let a staff account manage the catalogue, or stop it (audited before and after)',
	tag: 'Staff',
	permission: 'owner',
	scope: 'session-only',
	params: z.object({ id: idSchema('No staff account with that id.') }),
	body: z.strictObject({ canManageCatalogue: z.boolean() }),
	response: staffAccount,
})

/** The staff accounts' endpoints. */
export const staffContracts: AdminContract[] = [changeStaffContract]
