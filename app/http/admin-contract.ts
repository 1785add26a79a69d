import type { z } from 'zod'
import type { EndpointScope } from '../domain/staff/api-key-scopes'
import type { StaffPermission } from '../domain/staff/permissions'

/**
 * Who may call a console endpoint: any signed-in staff member, one grant (the owner, and staff the
 * owner granted it), or the owner alone. An X-ADMIN-KEY is checked by `scope` instead.
 */
export type AdminPermission = StaffPermission

/**
 * One JSON endpoint under /api/admin/: what it takes and answers, as zod schemas. The route
 * validates with these same schemas, and /api/admin/openapi.json is generated from them.
 */
export interface AdminContract {
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
	/** OpenAPI style: /api/admin/products/{id} */
	path: string
	summary: string
	tag: string
	/** What a staff session needs. */
	permission: AdminPermission
	/** What an X-ADMIN-KEY needs: one of its scopes, any valid key, or never a key ('session-only'). */
	scope: EndpointScope
	/** Path parameters, e.g. z.object({ id: idSchema() }). */
	params?: z.ZodObject
	query?: z.ZodObject
	/** A JSON body; multipart bodies set `multipart` and describe their fields here. */
	body?: z.ZodType
	multipart?: boolean
	/** Bytes a JSON body may have (413 past it); 64 KB unless said. */
	bodyLimit?: number
	/** The 2xx answer's JSON. */
	response: z.ZodType
	/** Status of the success answer, 200 unless said. */
	status?: number
}

export const defineContract = <T extends AdminContract>(contract: T): T => contract
