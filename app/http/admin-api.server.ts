import type { z } from 'zod'
import { db } from '../db/client.server'
import { scopeRefusal, SESSION_ONLY_REFUSAL, type ApiKeyScope } from '../domain/staff/api-key-scopes'
import { verifyApiKey } from '../domain/staff/api-keys.server'
import { staffActor, type Actor } from '../domain/staff/audit.server'
import { permissionRefusal, staffMay } from '../domain/staff/permissions'
import type { Staff } from '../domain/staff/sessions.server'
import { apiName, invalidInput } from '../utils/field-errors'
import { env } from '../utils/env.server'
import { logger } from '../utils/logger.server'
import type { AdminContract } from './admin-contract'
import { errorResponse, onlyMethods, readJson, refuseBadInput } from './http.server'
import { crossOriginRefusal, currentStaff, missingTwoFactor, TWO_FACTOR_REQUIRED } from './staff-auth.server'

// The console's JSON API (/api/admin/…, ADR-013): who is asking (a staff session from the
// shop's own pages, or an X-ADMIN-KEY), whether they may, and one way to read a request and
// answer it from an endpoint's contract (app/http/admin-contract.ts), the same zod schemas that
// /api/admin/openapi.json is generated from.

export const SIGN_IN_OR_KEY = 'Please sign in to the staff console or send a valid X-ADMIN-KEY.'

const NO_STORE = 'no-store'

/** A JSON refusal, never cached. */
const refusal = (status: number, error: string) => Response.json({ error }, { status, headers: { 'Cache-Control': NO_STORE } })

export interface AdminCaller {
	/** Who the audit log names: the staff member, or 'api key: <name>'. */
	actor: Actor
	/** The signed-in staff member; null for an API key. */
	staff: Staff | null
	/** The key's scopes; null for a staff session. */
	scopes: ApiKeyScope[] | null
}

/** What an endpoint asks of its caller: a staff permission for a session, a scope for a key. */
export type AdminNeed = Pick<AdminContract, 'permission' | 'scope'>

/**
 * The caller of a console endpoint, or a thrown JSON refusal: 401 without a session or a valid key,
 * 403 for a cross-origin write, missing two-factor sign-in or a missing permission. A sent
 * X-ADMIN-KEY is always checked as a key (a wrong, revoked or expired one is refused, never taken
 * for a session) and may do what its scopes allow: never what is `session-only` (store settings,
 * transfer accounts, staff and keys).
 */
export async function requireAdminActor(request: Request, need: AdminNeed): Promise<AdminCaller> {
	const key = request.headers.get('x-admin-key')
	if (key !== null) {
		const found = await verifyApiKey(db(), key.trim())
		if (!found) throw refusal(401, SIGN_IN_OR_KEY)
		if (need.scope === 'session-only') throw refusal(403, SESSION_ONLY_REFUSAL)
		if (need.scope !== 'any-key' && !found.scopes.includes(need.scope)) throw refusal(403, scopeRefusal(need.scope))
		return { actor: { apiKeyId: found.id, label: `api key: ${found.name}` }, staff: null, scopes: found.scopes }
	}
	const staff = await currentStaff(request)
	if (!staff) throw refusal(401, SIGN_IN_OR_KEY)
	// A session cookie rides along on any site's request: writes must come from the shop's own pages.
	const crossSite = request.method !== 'GET' && request.method !== 'HEAD' ? crossOriginRefusal(request) : null
	if (crossSite) throw refusal(crossSite.status, crossSite.message)
	if (await missingTwoFactor(staff)) throw refusal(403, TWO_FACTOR_REQUIRED)
	if (!staffMay(staff, need.permission)) throw refusal(403, permissionRefusal(need.permission))
	return { actor: staffActor(staff), staff, scopes: null }
}

// ——— Reading a request by its contract ———

type Parsed<C, K extends 'params' | 'query' | 'body'> = C extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined

/** What an endpoint's handler is given: the request, who asks, and the parsed, valid input. */
export interface AdminRequest<C extends AdminContract> extends AdminCaller {
	request: Request
	params: Parsed<C, 'params'>
	query: Parsed<C, 'query'>
	/** The parsed JSON body; undefined for multipart contracts, whose handler reads the upload from `request`. */
	body: C extends { multipart: true } ? undefined : Parsed<C, 'body'>
}

/** The success answer as the contract describes it (sent with the contract's status), or a Response of the handler's own. */
export type AdminReply<C extends AdminContract> = z.input<C['response']> | Response

export type AdminHandler<C extends AdminContract> = (request: AdminRequest<C>) => Promise<AdminReply<C>> | AdminReply<C>

/** React Router's loader/action arguments, the part an endpoint reads. */
export interface AdminRouteArgs {
	request: Request
	params: Record<string, string | undefined>
}

export interface AdminEndpoint {
	contract: AdminContract
	handle(args: AdminRouteArgs): Promise<Response>
}

/** JSON bodies of console endpoints are forms and lists of fields; a contract with more to say sets `bodyLimit`. */
export const ADMIN_BODY_LIMIT = 64 * 1024


const TYPE_NAMES: Record<string, string> = {
	string: 'text',
	number: 'a number',
	int: 'a whole number',
	boolean: 'true or false',
	object: 'an object',
	array: 'a list',
	null: 'null',
	bigint: 'a whole number',
	date: 'a date',
}

/**
 * Zod's own messages ("Invalid input: expected string, received undefined") as sentences that name
 * the field. Messages a schema sets itself ('Please enter a valid email address.') take precedence.
 */
function sentence(issue: z.core.$ZodRawIssue): string | undefined {
	const name = apiName(issue.path ?? [])
	const field = name || 'The request'
	switch (issue.code) {
		case 'invalid_type':
			if (issue.input === undefined && name) return `Please give ${name}.`
			return `${field} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`
		case 'too_small': {
			const min = Number(issue.minimum)
			if (issue.origin === 'string') return min <= 1 ? `${field} cannot be empty.` : `${field} needs at least ${min} characters.`
			if (issue.origin === 'array' || issue.origin === 'set') return `${field} needs at least ${min} item${min === 1 ? '' : 's'}.`
			return `${field} must be ${issue.inclusive ? 'at least' : 'more than'} ${min}.`
		}
		case 'too_big': {
			const max = Number(issue.maximum)
			if (issue.origin === 'string') return `${field} can have at most ${max} characters.`
			if (issue.origin === 'array' || issue.origin === 'set') return `${field} can have at most ${max} item${max === 1 ? '' : 's'}.`
			return `${field} must be ${issue.inclusive ? 'at most' : 'less than'} ${max}.`
		}
		case 'invalid_value':
			return `${field} must be one of: ${issue.values.map((v) => String(v)).join(', ')}.`
		case 'invalid_format':
			return `${field} is not a valid ${issue.format}.`
		case 'unrecognized_keys':
			return `${name ? `${name} has` : 'The request has'} unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`
		case 'invalid_union':
			return `${field} is not valid.`
		default:
			return undefined
	}
}

/** `value` through `schema`, or a 400 with the first problem as a sentence and each field's in `fieldErrors`. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
	const parsed = schema.safeParse(value, { error: sentence })
	if (parsed.success) return parsed.data
	throw invalidInput(parsed.error, { name: apiName, root: '_' })
}

/** The query string as fields: one value as text, a repeated name as a list. */
function queryFields(url: URL): Record<string, string | string[]> {
	const fields: Record<string, string | string[]> = {}
	for (const key of new Set(url.searchParams.keys())) {
		const values = url.searchParams.getAll(key)
		fields[key] = values.length === 1 ? values[0]! : values
	}
	return fields
}

/** A request without a body (no type, nothing sent): taken as absent where the contract allows it. */
const sentNothing = (request: Request) => !request.headers.get('content-type') && (request.body === null || request.headers.get('content-length') === '0')

async function readBody(contract: AdminContract, request: Request): Promise<unknown> {
	if (!contract.body || contract.multipart) return undefined
	if (sentNothing(request) && contract.body.safeParse(undefined).success) return undefined
	return parseInput(contract.body, await readJson(request, { limit: contract.bodyLimit ?? ADMIN_BODY_LIMIT }))
}

/** In development and tests, an answer that strays from its contract is logged: the document would be wrong. */
function checkAnswer(contract: AdminContract, value: unknown) {
	if (env().NODE_ENV === 'production') return
	const checked = contract.response.safeParse(JSON.parse(JSON.stringify(value ?? null)))
	if (!checked.success) logger.error({ path: contract.path, method: contract.method, issues: checked.error.issues.slice(0, 5) }, 'A console API answer does not match its contract')
}

function withNoStore(response: Response): Response {
	if (!response.headers.has('Cache-Control')) {
		try {
			response.headers.set('Cache-Control', NO_STORE)
		} catch {
			// A response with immutable headers (a fetch's) keeps its own.
		}
	}
	return response
}

/**
 * One endpoint: checks the caller's permission, parses path parameters, query and JSON body with the
 * contract's schemas (400 with a sentence), calls `handler` and answers its value as JSON with the
 * contract's status and `Cache-Control: no-store`. Expected failures (AppError) are their 4xx; the
 * rest a logged 500. Serve it with adminRoute.
 */
export function adminEndpoint<const C extends AdminContract>(contract: C, handler: AdminHandler<C>): AdminEndpoint {
	return {
		contract,
		async handle({ request, params }) {
			try {
				const caller = await requireAdminActor(request, contract)
				const input = {
					params: contract.params ? parseInput(contract.params, refuseBadInput(params)) : undefined,
					query: contract.query ? parseInput(contract.query, refuseBadInput(queryFields(new URL(request.url)))) : undefined,
					body: await readBody(contract, request),
				}
				const reply = await handler({ request, ...caller, ...input } as AdminRequest<C>)
				if (reply instanceof Response) return withNoStore(reply)
				const status = contract.status ?? 200
				if (status === 204) return new Response(null, { status, headers: { 'Cache-Control': NO_STORE } })
				checkAnswer(contract, reply)
				return Response.json(reply, { status, headers: { 'Cache-Control': NO_STORE } })
			} catch (error) {
				if (error instanceof Response) return withNoStore(error)
				return withNoStore(errorResponse(error, 'Something went wrong on the shop’s side while answering this request. Please try again.'))
			}
		},
	}
}

/**
 * A resource route serving its path's endpoints, one per method:
 * `const route = adminRoute(adminEndpoint(getX, …), adminEndpoint(patchX, …))`, then
 * `export const loader = route.loader` and `export const action = route.action` (React Router's
 * build strips loader and action from the browser bundle, which it cannot do for destructured exports).
 * GET (and HEAD) reach the loader, every other method the action; a method without an endpoint is a
 * 405 that names the ones there are.
 */
export function adminRoute(...endpoints: AdminEndpoint[]) {
	const paths = new Set(endpoints.map((e) => e.contract.path))
	if (endpoints.length === 0 || paths.size > 1) throw new Error(`adminRoute serves one path with its methods; got ${[...paths].join(', ') || 'none'}.`)
	const byMethod = new Map(endpoints.map((e) => [e.contract.method as string, e]))
	if (byMethod.size !== endpoints.length) throw new Error(`adminRoute: two endpoints for one method of ${[...paths][0]}.`)
	const refuse = onlyMethods(...byMethod.keys())
	const serve = async (args: AdminRouteArgs): Promise<Response> => {
		const endpoint = byMethod.get(args.request.method === 'HEAD' ? 'GET' : args.request.method)
		return endpoint ? endpoint.handle(args) : withNoStore(refuse())
	}
	return { loader: serve, action: serve }
}
