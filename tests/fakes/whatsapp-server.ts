// A stand-in for the WhatsApp Business Cloud API's messages endpoint, over real HTTP on a local port:
// POST /<phone-number-id>/messages with `Authorization: Bearer <token>` and a template message's JSON
// answers as Meta's Graph API does: 200 {messaging_product, contacts, messages: [{id: 'wamid…'}]}, or
// {error: {message, type, code, error_data, fbtrace_id}} with 401 (code 190) for a wrong token and 400
// (code 100) for a body that is not a template message. It can be told to answer the next messages
// with another status and error code (429, 500, 400 with 131026…). Its own route, for tests in another
// process (the browser tests): GET /sent lists what was sent, oldest first.
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface WhatsAppMessage {
	phoneNumberId: string
	to: string
	template: string
	language: string
	/** The body's values, in order. */
	values: string[]
	id: string
	at: number
}

export interface FakeWhatsApp {
	url: string
	token: string
	phoneNumberId: string
	/** Messages accepted, oldest first. */
	sent: WhatsAppMessage[]
	/** Every request to the messages endpoint, with the status it was answered. */
	requests: { path: string; authorization: string | undefined; body: unknown; status: number }[]
	/** The next `times` messages are answered with this status and WhatsApp error code. */
	fail(status: number, { code, times }?: { code?: number; times?: number }): void
	reset(): void
	close(): Promise<void>
}

/** What the owner connects in the tests. */
export const FAKE_WHATSAPP = { token: 'EAAGfakeWhatsAppAccessTokenForShopTests1234', phoneNumberId: '109876543210987' } as const

const ERROR_MESSAGES: Record<number, string> = {
	4: 'Application request limit reached',
	100: 'Invalid parameter',
	131026: 'Message undeliverable',
	132001: 'Template name does not exist in the translation',
	131000: 'Something went wrong',
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Why a body is not a template message with text body values, or null when it is one. */
function templateProblem(body: unknown): string | null {
	if (!isObject(body)) return 'the body is not a JSON object'
	if (body.messaging_product !== 'whatsapp') return 'messaging_product must be whatsapp'
	if (body.recipient_type !== 'individual') return 'recipient_type must be individual'
	if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to)) return 'to must be a phone number in international form without +'
	if (body.type !== 'template') return 'type must be template'
	const template = body.template
	if (!isObject(template) || typeof template.name !== 'string' || !template.name) return 'template.name is required'
	if (!isObject(template.language) || typeof template.language.code !== 'string' || !template.language.code) return 'template.language.code is required'
	const components = template.components
	if (!Array.isArray(components) || components.length !== 1 || !isObject(components[0]) || components[0].type !== 'body') return 'template.components must hold one body component'
	const parameters = components[0].parameters
	if (!Array.isArray(parameters) || parameters.length === 0) return 'the body component needs parameters'
	for (const p of parameters) if (!isObject(p) || p.type !== 'text' || typeof p.text !== 'string' || !p.text) return 'each body parameter must be {type: text, text}'
	return null
}

export async function startFakeWhatsApp({ port = 0, token = FAKE_WHATSAPP.token, phoneNumberId = FAKE_WHATSAPP.phoneNumberId }: { port?: number; token?: string; phoneNumberId?: string } = {}): Promise<FakeWhatsApp> {
	const sent: WhatsAppMessage[] = []
	const requests: FakeWhatsApp['requests'] = []
	let failures: { status: number; code: number; times: number }[] = []

	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (c: Buffer) => chunks.push(c))
		req.on('end', () => {
			const address = new URL(req.url ?? '/', 'http://fake')
			const answer = (status: number, body: unknown) => {
				res.writeHead(status, { 'Content-Type': 'application/json' })
				res.end(JSON.stringify(body))
			}
			if (req.method === 'GET' && address.pathname === '/sent') return answer(200, sent)
			let body: unknown = null
			try {
				body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null
			} catch {
				body = undefined
			}
			const refuse = (status: number, code: number, message: string, details?: string) => {
				requests.at(-1)!.status = status
				return answer(status, { error: { message, type: code === 190 ? 'OAuthException' : 'GraphMethodException', code, ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}), fbtrace_id: crypto.randomBytes(8).toString('hex') } })
			}
			const match = /^\/(\d+)\/messages$/.exec(address.pathname)
			if (req.method !== 'POST' || !match) return answer(404, { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } })
			requests.push({ path: address.pathname, authorization: req.headers.authorization, body, status: 200 })
			if (req.headers.authorization !== `Bearer ${token}`) return refuse(401, 190, 'Invalid OAuth access token - Cannot parse access token')
			if (match[1] !== phoneNumberId) return refuse(400, 100, `Unsupported post request. Object with ID '${match[1]}' does not exist`)
			if (req.headers['content-type']?.split(';')[0] !== 'application/json') return refuse(400, 100, 'Invalid parameter', 'the body must be JSON')
			const problem = templateProblem(body)
			if (problem) return refuse(400, 100, 'Invalid parameter', problem)
			const failure = failures[0]
			if (failure) {
				if (--failure.times <= 0) failures.shift()
				return refuse(failure.status, failure.code, ERROR_MESSAGES[failure.code] ?? 'Error', failure.code === 131026 ? 'Message failed to send because the recipient is not on WhatsApp.' : undefined)
			}
			const message = body as { to: string; template: { name: string; language: { code: string }; components: [{ parameters: { text: string }[] }] } }
			const id = `wamid.${crypto.randomBytes(12).toString('base64url')}`
			sent.push({ phoneNumberId: match[1]!, to: message.to, template: message.template.name, language: message.template.language.code, values: message.template.components[0].parameters.map((p) => p.text), id, at: Date.now() })
			return answer(200, { messaging_product: 'whatsapp', contacts: [{ input: message.to, wa_id: message.to }], messages: [{ id }] })
		})
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		token,
		phoneNumberId,
		sent,
		requests,
		fail(status, { code = status === 429 ? 4 : status >= 500 ? 131000 : 100, times = 1 } = {}) {
			failures.push({ status, code, times })
		},
		reset() {
			sent.length = 0
			requests.length = 0
			failures = []
		},
		async close() {
			server.closeAllConnections()
			await new Promise((r) => server.close(r))
		},
	}
}
