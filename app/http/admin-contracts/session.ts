import { z } from 'zod'
import { API_KEY_SCOPES } from '../../domain/staff/api-key-scopes'
import { STAFF_GRANTS, STAFF_PERMISSIONS } from '../../domain/staff/permissions'
import { defineContract, type AdminContract } from '../admin-contract'

const permission = z.enum(STAFF_PERMISSIONS)

export const meResponse = z.object({
	via: z.enum(['session', 'api-key']).describe('A staff session cookie, or an X-ADMIN-KEY'),
	actor: z.string().describe("As the audit log names the caller: the staff member's email, or 'api key: <name>'"),
	staff: z
		.object({
			id: z.number().int(),
			email: z.string(),
			name: z.string(),
			role: z.enum(['owner', 'staff']),
			canManageCatalogue: z.boolean().describe('The account holds the `catalogue` grant (the owner always does)'),
			grants: z.array(z.enum(STAFF_GRANTS)).describe('What the owner lets this account do beyond any staff member (the owner holds every grant)'),
			twoFactorEnabled: z.boolean(),
		})
		.nullable()
		.describe('The signed-in staff member; null for an API key'),
	permissions: z.array(permission).describe('What a staff session may do: staff (any console endpoint), each grant it holds, owner. Empty for an API key, which is checked by its scopes.'),
	scopes: z.array(z.enum(API_KEY_SCOPES)).nullable().describe('What an API key may do (chosen when the owner created it); null for a staff session'),
})

export const meContract = defineContract({
	method: 'GET',
	path: '/api/admin/me',
	summary: 'Who is asking: the staff member or API key, and what they may do',
	tag: 'Session',
	permission: 'staff',
	scope: 'any-key',
	response: meResponse,
})

export const openapiContract = defineContract({
	method: 'GET',
	path: '/api/admin/openapi.json',
	summary: 'This document: every /api/admin/ endpoint as OpenAPI 3.1, generated from the same schemas the endpoints validate with',
	tag: 'Session',
	permission: 'staff',
	scope: 'any-key',
	response: z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
})

/** The session endpoints' contracts: who am I, and the API's own description. */
export const sessionContracts: AdminContract[] = [meContract, openapiContract]
