// The console API's OpenAPI document, generated from whatever contracts the areas list: valid
// OpenAPI 3.1 (swagger-parser), every contract's path and method in it, and every $ref resolvable.
import SwaggerParser from '@apidevtools/swagger-parser'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { API_KEY_SCOPES } from '../domain/staff/api-key-scopes'
import { idSchema } from '../utils/input'
import { defineContract, type AdminContract } from './admin-contract'
import { adminContracts } from './admin-contracts'
import { adminOpenApiDocument } from './admin-openapi'

/** Every `$ref` in the document, with where it sits. */
function refsIn(value: unknown, at = '#'): { at: string; ref: string }[] {
	if (Array.isArray(value)) return value.flatMap((v, i) => refsIn(v, `${at}/${i}`))
	if (value === null || typeof value !== 'object') return []
	return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [{ at, ref: inner }] : refsIn(inner, `${at}/${key}`)))
}

/** The value a local `#/…` pointer names, or undefined. */
function resolve(document: unknown, ref: string): unknown {
	if (!ref.startsWith('#/')) return undefined
	return ref
		.slice(2)
		.split('/')
		.map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
		.reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), document)
}

function expectSound(contracts: readonly AdminContract[]) {
	const document = adminOpenApiDocument(contracts)
	expect(document.openapi).toBe('3.1.0')
	for (const c of contracts) {
		const op = document.paths[c.path]?.[c.method.toLowerCase()] as { parameters?: { name: string; in: string }[]; tags: string[]; 'x-permission': string } | undefined
		expect(op, `${c.method} ${c.path}`).toBeDefined()
		expect(op!.tags).toEqual([c.tag])
		expect(op!['x-permission']).toBe(c.permission)
		// Each {name} of the path is a path parameter, and only those.
		const templated = [...c.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort()
		expect((op!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort()).toEqual(templated)
	}
	const unresolved = refsIn(document).filter(({ ref }) => resolve(document, ref) === undefined)
	expect(unresolved).toEqual([])
	const ids = Object.values(document.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId))
	expect(new Set(ids).size).toBe(ids.length)
	return document
}

describe('the console API document', () => {
	it('describes every listed contract, with resolvable references', () => {
		expect(adminContracts.length).toBeGreaterThan(2)
		const document = expectSound(adminContracts)
		expect(document.paths['/api/admin/openapi.json']?.get).toBeDefined()
		expect(document.paths['/api/admin/me']?.get).toBeDefined()
		expect(document.paths['/api/admin/staff/{id}']?.patch).toMatchObject({
			'x-permission': 'owner',
			requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { canManageCatalogue: { type: 'boolean' } }, required: ['canManageCatalogue'] } } } },
			responses: { 200: { content: { 'application/json': {} } }, 401: { $ref: '#/components/responses/Unauthorized' }, 404: { $ref: '#/components/responses/NotFound' } },
		})
	})

	it('says a product’s status: published unless a draft is sent, on create and change, and in every product answered (ADR-046)', () => {
		const document = adminOpenApiDocument(adminContracts)
		type Schema = { properties: Record<string, { enum?: string[]; default?: string; description?: string }>; required?: string[] }
		const body = (path: string, method: 'post' | 'patch') => (document.paths[path]?.[method] as { requestBody: { content: { 'application/json': { schema: Schema } } } }).requestBody.content['application/json'].schema
		const create = body('/api/admin/products', 'post')
		expect(create.properties.status).toMatchObject({ enum: ['draft', 'published'], default: 'published' })
		expect(create.required ?? []).not.toContain('status')
		expect(body('/api/admin/products/{id}', 'patch').properties.status).toMatchObject({ enum: ['draft', 'published'] })
		expect(JSON.stringify(document)).toContain('draft: seen only by staff until published')
		expect(document.paths['/api/admin/app-icon']?.post).toMatchObject({ 'x-permission': 'owner' })
	})

	it('declares both ways in: the staff session cookie and the X-ADMIN-KEY header', () => {
		const document = adminOpenApiDocument(adminContracts)
		expect(document.components.securitySchemes).toMatchObject({ staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_session' }, adminKey: { type: 'apiKey', in: 'header', name: 'X-ADMIN-KEY' } })
		expect(document.security).toEqual([{ staffSession: [] }, { adminKey: [] }])
		expect(document.components.schemas.Error).toMatchObject({ required: ['error'] })
	})

	it('is valid OpenAPI 3.1', async () => {
		await expect(SwaggerParser.validate(structuredClone(adminOpenApiDocument(adminContracts)) as never)).resolves.toBeTruthy()
	})

	it('handles what other areas may list: shared and recursive schemas, multipart bodies, queries, a 204', async () => {
		const category = z.object({ name: z.string() }).meta({ id: 'Category' })
		interface Node {
			label: string
			children: Node[]
		}
		const node: z.ZodType<Node> = z.object({ label: z.string(), get children() {
			return z.array(node)
		} })
		const otherCategory = z.object({ title: z.number() }).meta({ id: 'Category2' })
		const contracts: AdminContract[] = [
			defineContract({ method: 'GET', path: '/api/admin/things', summary: 'List', tag: 'Things', permission: 'staff', scope: 'any-key', query: z.object({ q: z.string().optional(), page: z.coerce.number().int().min(1) }), response: z.object({ items: z.array(category), other: otherCategory, tree: node }) }),
			defineContract({ method: 'POST', path: '/api/admin/things/{id}/file', summary: 'Upload', tag: 'Things', permission: 'catalogue', scope: 'catalogue', params: z.object({ id: idSchema() }), multipart: true, body: z.object({ file: z.file() }), response: category, status: 201 }),
			defineContract({ method: 'DELETE', path: '/api/admin/things/{id}/{slug}', summary: 'Delete', tag: 'Things', permission: 'owner', scope: 'session-only', params: z.object({ id: idSchema() }), response: z.null(), status: 204 }),
			defineContract({ method: 'PUT', path: '/api/admin/things/{id}/tree', summary: 'Replace', tag: 'Things', permission: 'owner', scope: 'stock', params: z.object({ id: idSchema() }), body: node.optional(), response: node }),
		]
		const document = expectSound(contracts)
		await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy()
		const list = document.paths['/api/admin/things']!.get as { parameters: { name: string; required: boolean }[] }
		expect(list.parameters.map((p) => [p.name, p.required])).toEqual([
			['q', false],
			['page', true],
		])
		expect(document.paths['/api/admin/things/{id}/file']!.post).toMatchObject({ requestBody: { content: { 'multipart/form-data': {} } }, responses: { 201: {} } })
		expect(document.paths['/api/admin/things/{id}/{slug}']!.delete).toMatchObject({ responses: { 204: { description: expect.any(String) } } })
		expect(document.paths['/api/admin/things/{id}/tree']!.put).toMatchObject({ requestBody: { required: false } })
		expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Category', 'Category2', 'Error']))
	})

	it('lists the scope a key needs on every operation, and no key for session-only ones', () => {
		const contracts: AdminContract[] = [
			defineContract({ method: 'GET', path: '/api/admin/a', summary: 'A', tag: 'T', permission: 'staff', scope: 'stock', response: z.object({}) }),
			defineContract({ method: 'PATCH', path: '/api/admin/b', summary: 'B', tag: 'T', permission: 'owner', scope: 'session-only', body: z.object({ x: z.string() }), response: z.object({}) }),
			defineContract({ method: 'GET', path: '/api/admin/c', summary: 'C', tag: 'T', permission: 'staff', scope: 'any-key', response: z.object({}) }),
		]
		const document = adminOpenApiDocument(contracts)
		expect(document.paths['/api/admin/a']!.get).toMatchObject({ security: [{ staffSession: [] }, { adminKey: ['stock'] }], 'x-api-key-scope': 'stock' })
		expect(document.paths['/api/admin/b']!.patch).toMatchObject({ security: [{ staffSession: [] }], 'x-api-key-scope': 'session-only' })
		expect(document.paths['/api/admin/c']!.get).toMatchObject({ security: [{ staffSession: [] }, { adminKey: [] }] })
		for (const scope of API_KEY_SCOPES) expect(JSON.stringify(document.components.securitySchemes)).toContain(scope)
	})

	it('refuses two contracts for one method and path', () => {
		const twice = defineContract({ method: 'GET', path: '/api/admin/x', summary: 'x', tag: 'X', permission: 'staff', scope: 'any-key', response: z.object({}) })
		expect(() => adminOpenApiDocument([twice, twice])).toThrow(/Two console API contracts for GET \/api\/admin\/x/)
	})
})
