import { data } from 'react-router'
import type { z } from 'zod'
import { inEnglish } from '../i18n/english'
import type { Lang } from '../i18n/lang'
import { refusalWords, sayIn } from '../i18n/messages.server'
import { words, type Said } from '../i18n/words'
import { AppError } from '../utils/app-error'
import { DATABASE_AWAY_RETRY_AFTER_SECONDS, DATABASE_AWAY_STATUS, databaseUnreachable } from '../db/unreachable'
import { env } from '../utils/env.server'
import { hasNul, inputProblem, NUL_MESSAGE, parseId, PROTO_KEY_MESSAGE } from '../utils/input'
import { logger } from '../utils/logger.server'

// The one input layer for request bodies: each reader checks the Content-Type, stops reading at a
// size cap (before the body is held whole), and refuses NUL characters, which PostgreSQL cannot store.

const KB = 1024
/** Most bodies are a form or a few fields; a route with more to say passes its own limit. */
export const DEFAULT_BODY_LIMIT = 16 * KB

export type Body = Record<string, unknown>

const mediaType = (request: Request) => (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
const isJson = (type: string) => type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)
const isForm = (type: string) => type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data'

const tooLarge = (limit: number) => new AppError('TOO_LARGE', words('errors.tooLarge', { kb: Math.round(limit / KB) }))

/** The body's bytes, refused with 413 as soon as they pass `limit`, whether or not Content-Length says so. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
	const declared = Number(request.headers.get('content-length') ?? 0)
	if (declared > limit) throw tooLarge(limit)
	if (!request.body) return new Uint8Array()
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size > limit) {
			// Stop reading, but leave the socket alone: the host reads the rest to its end (bounded), so the 413 reaches the client, then closes (server/finish-reading.ts).
			reader.releaseLock()
			throw tooLarge(limit)
		}
		chunks.push(value)
	}
	return Buffer.concat(chunks)
}

/** A parsed body the shop cannot take (a NUL, a lone surrogate, a `__proto__` key, however deep): 400 with the reason. */
export function refuseBadInput<T>(value: T): T {
	const problem = inputProblem(value)
	if (problem) throw new AppError('BAD_REQUEST', problem)
	return value
}

/** A JSON body (Content-Type application/json), at most `limit` bytes. */
export async function readJson(request: Request, { limit = DEFAULT_BODY_LIMIT, untypedIsJson = false } = {}): Promise<unknown> {
	const type = mediaType(request)
	if (!isJson(type) && !(untypedIsJson && type === '')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', words('errors.notJson'))
	const bytes = await readBodyBytes(request, limit)
	let value: unknown
	try {
		value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
	} catch {
		throw new AppError('BAD_REQUEST', words('errors.badJson'))
	}
	return refuseBadInput(value)
}

/** The form a request's body `bytes` (already read, within their cap) hold, by its Content-Type: 400 when they are no such form. */
export async function parseFormBytes(request: Request, bytes: Uint8Array<ArrayBuffer>): Promise<FormData> {
	try {
		return await new Response(bytes, { headers: { 'Content-Type': request.headers.get('content-type')! } }).formData()
	} catch {
		throw new AppError('BAD_REQUEST', words('errors.badForm'))
	}
}

/** A web form's fields (urlencoded or multipart), at most `limit` bytes. Files are left out: uploads have their own reader. */
export async function readForm(request: Request, { limit = DEFAULT_BODY_LIMIT } = {}): Promise<Record<string, string>> {
	const type = mediaType(request)
	if (!isForm(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', words('errors.notForm'))
	const form = await parseFormBytes(request, await readBodyBytes(request, limit))
	const fields: Record<string, string> = {}
	for (const [key, value] of form) {
		if (hasNul(key) || (typeof value === 'string' && hasNul(value))) throw new AppError('BAD_REQUEST', NUL_MESSAGE)
		// Assigned, a `__proto__` field would vanish (or change the object's prototype): refused, as in JSON.
		if (key === '__proto__') throw new AppError('BAD_REQUEST', PROTO_KEY_MESSAGE)
		if (typeof value === 'string' && !Object.hasOwn(fields, key)) fields[key] = value
	}
	return fields
}

/** Either of the above, by Content-Type: for calls the spec lets send JSON or a form (`untypedIsJson`: a body without a type is JSON). */
export async function readJsonOrForm(request: Request, options: { limit?: number; untypedIsJson?: boolean } = {}): Promise<unknown> {
	const type = mediaType(request)
	return isJson(type) || (options.untypedIsJson && type === '') ? readJson(request, options) : readForm(request, options)
}

// One failure shape (AppError: a code, its status and the sentence a buyer or staff member reads),
// answered one way for APIs (apiFailure: JSON `{error, fieldErrors?}`) and one way for pages
// (pageFailure: the status page with the sentence, shown by the route's ErrorBoundary).

/** An API's expected failure: its status, `{error, fieldErrors?}` (and `extra`) in `lang` (English by default), `headers` added. */
export function apiFailure(error: AppError, { extra = {}, headers = {}, lang = 'en' }: { extra?: Record<string, unknown>; headers?: Record<string, string>; lang?: Lang } = {}) {
	// A body refused for its size is left unread: the connection is not kept for the rest of it.
	const close: Record<string, string> = error.code === 'TOO_LARGE' ? { Connection: 'close' } : {}
	const { message, fieldErrors } = refusalWords(lang, error)
	return Response.json({ ...extra, error: message, fieldErrors }, { status: error.status, headers: { ...close, ...headers } })
}

/** A page's expected failure, to throw from a loader or action: the route's ErrorBoundary shows the sentence (in `lang`). */
export const pageFailure = (error: AppError, lang: Lang = 'en') => data(sayIn(lang, error.said), { status: error.status })

/** `run`, with an expected failure (a missing record, a refused change) thrown as its page: the 404 page, a 409 page… */
export async function asPage<T>(run: () => Promise<T>): Promise<T> {
	try {
		return await run()
	} catch (error) {
		if (error instanceof AppError) throw pageFailure(error)
		throw error
	}
}

/** A record's id from the address (`params.id`), or the not-found page with `sentence`. */
export function idFromPath(value: string | undefined, sentence: Said): number {
	const id = parseId(value)
	if (id === null) throw pageFailure(notFound(sentence))
	return id
}

/** The one "not found": an AppError to throw from the domain, or to answer with apiFailure / pageFailure. */
export const notFound = (sentence: Said) => new AppError('NOT_FOUND', sentence)

/** Expected failures become their 4xx with a clear message; the database away, a 503 that says to try again; anything else is logged and a 500 with a generic one. All in `lang`. */
export function errorResponse(error: unknown, fallback: Said, extra: Record<string, unknown> = {}, lang: Lang = 'en') {
	if (error instanceof AppError) return apiFailure(error, { extra, lang })
	// PostgreSQL restarting or failing over: nothing is wrong with the request, which can be sent again shortly.
	if (databaseUnreachable(error)) {
		logger.warn({ err: error }, `${inEnglish(fallback)} (the database cannot be reached)`)
		return Response.json({ ...extra, error: sayIn(lang, 'errors.databaseAway') }, { status: DATABASE_AWAY_STATUS, headers: { 'Retry-After': String(DATABASE_AWAY_RETRY_AFTER_SECONDS) } })
	}
	logger.error({ err: error }, inEnglish(fallback))
	return Response.json({ ...extra, error: sayIn(lang, fallback) }, { status: 500 })
}

/** A resource route's missing loader or action: a 405 that says which methods the address answers. */
export const onlyMethods = (...allowed: string[]) => () =>
	Response.json({ error: `This address only answers ${allowed.join(' or ')} requests.` }, { status: 405, headers: { Allow: allowed.join(', ') } })

export const cookiesAreSecure = (request: Request) => new URL(request.url).protocol === 'https:' || Boolean(env().PUBLIC_URL?.startsWith('https:'))

/** A page's form: as readForm, with an expected failure thrown as a 4xx page that shows its message (in the page's `lang`). */
export async function readPageForm(request: Request, { lang, ...options }: { limit?: number; lang?: Lang } = {}): Promise<Record<string, string>> {
	try {
		return await readForm(request, options)
	} catch (error) {
		if (error instanceof AppError) throw pageFailure(error, lang)
		throw error
	}
}

/** A console page's post read as one of its `intents` (a union on `intent`), with the form as sent; `input` is null for a post of none of them. */
export async function readPageIntent<Intents extends z.ZodType>(request: Request, intents: Intents): Promise<{ form: Record<string, string>; input: z.output<Intents> | null }> {
	const form = await readPageForm(request)
	const parsed = intents.safeParse(form)
	return { form, input: parsed.success ? parsed.data : null }
}

/** A body read from `source` a piece at a time, only as fast as the client takes it. */
export function streamedBody(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): ReadableStream<Uint8Array> {
	const pieces = (async function* () {
		yield* source
	})()
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			const { done, value } = await pieces.next()
			if (done) controller.close()
			else controller.enqueue(value)
		},
		async cancel() {
			await pieces.return(undefined)
		},
	})
}
