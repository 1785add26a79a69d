import { z } from 'zod'
import { API_KEY_SCOPE_TEXT, API_KEY_SCOPES, type EndpointScope } from '../domain/staff/api-key-scopes'
import { GRANT_TEXT } from '../domain/staff/permissions'
import type { AdminContract, AdminPermission } from './admin-contract'

// /api/admin/openapi.json (ADR-013): the OpenAPI 3.1 document of the console's JSON API,
// generated from the endpoints' contracts, the zod schemas the routes validate with. Each schema
// goes through zod's own JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1): inputs
// (path, query, body) as the caller sends them, answers as the shop sends them.

type Json = Record<string, unknown>

// A type, not an interface: it is sent as a JSON object, which the contract's loose schema indexes.
export type OpenApiDocument = {
	openapi: '3.1.0'
	info: { title: string; version: string; description: string }
	servers?: { url: string }[]
	tags: { name: string }[]
	security: Record<string, string[]>[]
	paths: Record<string, Record<string, Json>>
	components: { securitySchemes: Json; schemas: Record<string, Json>; responses: Record<string, Json> }
}

const who = (permission: AdminPermission) =>
	permission === 'staff' ? 'Any signed-in staff member.' : permission === 'owner' ? 'The shop owner only.' : `The owner, and staff the owner lets ${GRANT_TEXT[permission]}.`

/** What an endpoint asks of an X-ADMIN-KEY, as a sentence. */
const keyNeeds = (scope: EndpointScope) =>
	scope === 'session-only'
		? 'Never with an X-ADMIN-KEY: only the owner signed in to the console.'
		: scope === 'any-key'
			? 'Any valid X-ADMIN-KEY.'
			: `An X-ADMIN-KEY with the \`${scope}\` scope.`

/** The operation's security requirements: the session always; a key with its scope unless the endpoint is session-only (OpenAPI 3.1 lists role names for apiKey schemes). */
const securityOf = (scope: EndpointScope) =>
	scope === 'session-only' ? [{ staffSession: [] }] : [{ staffSession: [] }, { adminKey: scope === 'any-key' ? [] : [scope] }]

const errorRef = { $ref: '#/components/schemas/Error' }
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } })

const RESPONSES: Record<string, Json> = {
	BadRequest: errorResponse('The input is not valid: `error` says what to change, `fieldErrors` says it per field.'),
	Unauthorized: errorResponse('No staff session and no valid X-ADMIN-KEY.'),
	Forbidden: errorResponse('Not allowed: a missing permission, two-factor sign-in the owner requires, or a write with a staff session from another site.'),
	NotFound: errorResponse('Nothing with that id.'),
	TooLarge: errorResponse('The body is larger than this endpoint takes.'),
	UnsupportedMediaType: errorResponse('The body is not of the content type this endpoint takes.'),
}

const SUCCESS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'Done, nothing to answer' }

/** Turns zod schemas into JSON Schemas, moving their shared parts ($defs) into components.schemas. */
class SchemaConverter {
	readonly components: Record<string, Json> = {}
	private anonymous = 0

	convert(schema: z.ZodType, io: 'input' | 'output'): Json {
		const { $schema: _dialect, $defs, ...root } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json & { $defs?: Record<string, Json> }
		const renames = new Map<string, string>()
		const defs = Object.entries($defs ?? {})
		// A schema that refers to itself ('#') is kept whole as a component too.
		const selfName = JSON.stringify(root).includes('"$ref":"#"') || defs.some(([, def]) => JSON.stringify(def).includes('"$ref":"#"')) ? `Schema${++this.anonymous}` : null
		for (const [name] of defs) renames.set(name, this.freeName(name))
		const rewrite = (value: unknown): unknown => {
			if (Array.isArray(value)) return value.map(rewrite)
			if (value === null || typeof value !== 'object') return value
			const out: Json = {}
			for (const [key, inner] of Object.entries(value)) {
				if (key === '$ref' && typeof inner === 'string') out[key] = this.ref(inner, renames, selfName)
				else out[key] = rewrite(inner)
			}
			return out
		}
		for (const [name, def] of defs) this.components[renames.get(name)!] = rewrite(def) as Json
		const converted = rewrite(root) as Json
		if (selfName) {
			this.components[selfName] = converted
			return { $ref: `#/components/schemas/${selfName}` }
		}
		return converted
	}

	private ref(target: string, renames: Map<string, string>, selfName: string | null): string {
		if (target === '#' && selfName) return `#/components/schemas/${selfName}`
		const def = /^#\/\$defs\/(.+)$/.exec(target)
		if (def) return `#/components/schemas/${renames.get(decodeURIComponent(def[1]!)) ?? def[1]}`
		return target
	}

	/** A schema's own name (zod's `.meta({ id })`) where free; numbered when another schema has it. */
	private freeName(name: string): string {
		const base = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^_+/, '') || 'Schema'
		let candidate = base
		for (let n = 2; candidate in this.components || candidate === 'Error'; n++) candidate = `${base}${n}`
		this.components[candidate] = {}
		return candidate
	}
}

/** getProductsById, postProductsByIdDuplicate: from the method and the path after /api/admin/. */
function operationId(contract: AdminContract): string {
	const words = contract.path
		.replace(/^\/api\/admin\/?/, '')
		.split(/[/.\-_]+/)
		.filter(Boolean)
		.map((part) => {
			const param = /^\{(.+)\}$/.exec(part)
			const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
			return param ? `By${cap(param[1]!)}` : cap(part)
		})
	return contract.method.toLowerCase() + words.join('')
}

function parameters(converter: SchemaConverter, contract: AdminContract): Json[] {
	const list: Json[] = []
	const fromObject = (schema: z.ZodObject | undefined, where: 'path' | 'query') => {
		if (!schema) return
		const json = converter.convert(schema, 'input') as { properties?: Record<string, Json>; required?: string[] }
		for (const [name, property] of Object.entries(json.properties ?? {})) {
			const required = where === 'path' || (json.required ?? []).includes(name)
			list.push({ name, in: where, required, ...(typeof property.description === 'string' ? { description: property.description } : {}), schema: property })
		}
	}
	fromObject(contract.params, 'path')
	// A path template's parameter the contract does not describe is still a required string.
	for (const [, name] of contract.path.matchAll(/\{([^}]+)\}/g)) {
		if (!list.some((p) => p.in === 'path' && p.name === name)) list.push({ name, in: 'path', required: true, schema: { type: 'string' } })
	}
	fromObject(contract.query, 'query')
	return list
}

function operation(converter: SchemaConverter, contract: AdminContract, ids: Set<string>): Json {
	let id = operationId(contract)
	for (let n = 2; ids.has(id); n++) id = `${operationId(contract)}${n}`
	ids.add(id)
	const status = contract.status ?? 200
	const params = parameters(converter, contract)
	const responses: Json = {
		[status]: status === 204 ? { description: SUCCESS[204] } : { description: SUCCESS[status] ?? 'OK', content: { 'application/json': { schema: converter.convert(contract.response, 'output') } } },
	}
	const takesInput = params.length > 0 || contract.body !== undefined
	if (takesInput) responses['400'] = { $ref: '#/components/responses/BadRequest' }
	responses['401'] = { $ref: '#/components/responses/Unauthorized' }
	responses['403'] = { $ref: '#/components/responses/Forbidden' }
	if (params.some((p) => p.in === 'path')) responses['404'] = { $ref: '#/components/responses/NotFound' }
	if (contract.body !== undefined) {
		responses['413'] = { $ref: '#/components/responses/TooLarge' }
		responses['415'] = { $ref: '#/components/responses/UnsupportedMediaType' }
	}
	const op: Json = {
		operationId: id,
		summary: contract.summary,
		description: `Who may call it: ${who(contract.permission)} ${keyNeeds(contract.scope)}`,
		tags: [contract.tag],
		security: securityOf(contract.scope),
		'x-permission': contract.permission,
		'x-api-key-scope': contract.scope,
	}
	if (params.length > 0) op.parameters = params
	if (contract.body !== undefined) {
		const optional = contract.body.safeParse(undefined).success
		op.requestBody = {
			required: !optional,
			content: { [contract.multipart ? 'multipart/form-data' : 'application/json']: { schema: converter.convert(contract.body, 'input') } },
		}
	}
	op.responses = responses
	return op
}

/** The OpenAPI 3.1 document for these contracts. */
export function adminOpenApiDocument(contracts: readonly AdminContract[], { serverUrl }: { serverUrl?: string } = {}): OpenApiDocument {
	const converter = new SchemaConverter()
	const ids = new Set<string>()
	const paths: OpenApiDocument['paths'] = {}
	const seen = new Set<string>()
	for (const contract of contracts) {
		const key = `${contract.method} ${contract.path}`
		if (seen.has(key)) throw new Error(`Two console API contracts for ${key}.`)
		seen.add(key)
		;(paths[contract.path] ??= {})[contract.method.toLowerCase()] = operation(converter, contract, ids)
	}
	return {
		openapi: '3.1.0',
		info: {
			title: 'Staff console API',
			version: '1',
			description: [
				"The staff console's actions as JSON under /api/admin/.",
				'Call them with a staff session (the console\'s own pages: writes from another site are refused) or with an API key from Settings in the `X-ADMIN-KEY` header, which may call what its scopes allow (`x-api-key-scope` on each operation).',
				`Scopes: ${API_KEY_SCOPES.map((s) => `\`${s}\` (${API_KEY_SCOPE_TEXT[s]})`).join('; ')}. Store settings, transfer accounts, staff accounts and API keys are never changed with a key.`,
				'Refusals and bad input answer `{ "error": "a sentence" }` with a 4xx status. Every change is in the audit log with before and after.',
			].join('\n\n'),
		},
		...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
		tags: [...new Set(contracts.map((c) => c.tag))].map((name) => ({ name })),
		security: [{ staffSession: [] }, { adminKey: [] }],
		paths,
		components: {
			securitySchemes: {
				staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_session', description: 'The staff console session, set by signing in at /admin/login.' },
				adminKey: {
					type: 'apiKey',
					in: 'header',
					name: 'X-ADMIN-KEY',
					description: `An API key the owner creates on /admin/settings, with the scopes chosen then: ${API_KEY_SCOPES.map((s) => `${s}: ${API_KEY_SCOPE_TEXT[s]}`).join('; ')}.`,
				},
			},
			schemas: {
				...converter.components,
				Error: {
					type: 'object',
					properties: {
						error: { type: 'string', description: 'What went wrong, as a sentence for a person' },
						fieldErrors: { type: 'object', additionalProperties: { type: 'string' }, description: 'For bad input: a sentence for each field that needs changing' },
					},
					required: ['error'],
				},
			},
			responses: RESPONSES,
		},
	}
}
