import type { z } from 'zod'

/**
 * Who may call a console endpoint: any signed-in staff member, staff the owner lets manage the
 * catalogue (and the owner), or the owner alone. An X-ADMIN-KEY acts for the owner's tools.
 */
export type AdminPermission = 'staff' | 'catalogue' | 'owner'

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
	permission: AdminPermission
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
