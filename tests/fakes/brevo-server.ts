// A stand-in for Brevo's transactional email API (spec/PAYMENTS.md), over real HTTP on a local port:
// POST /v3/smtp/email with the `api-key` header; 201 {messageId}; errors as {code, message}.
// GET /mailbox?to=<address> is the fake's own: the emails it accepted for that address, newest
// first, so a browser test reads what the buyer's inbox would hold.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface BrevoRequest {
	headers: http.IncomingHttpHeaders
	body: Record<string, unknown>
	/** What the fake answered. */
	status: number
	messageId: string | null
}

export interface FakeBrevo {
	url: string
	apiKey: string
	requests: BrevoRequest[]
	/** The requests Brevo accepted (201): the emails that went out. */
	sent(): BrevoRequest[]
	/** The next `times` requests fail with this HTTP status. */
	fail(status: number, times?: number): void
	reset(): void
	close(): Promise<void>
}

export async function startFakeBrevo(apiKey = 'xkeysib-test-key', port = 0): Promise<FakeBrevo> {
	const requests: BrevoRequest[] = []
	let failures: { status: number; times: number }[] = []
	let nextMessage = 1

	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (c: Buffer) => chunks.push(c))
		req.on('end', () => {
			const reply = (status: number, body: unknown, messageId: string | null = null, parsed: Record<string, unknown> = {}) => {
				requests.push({ headers: req.headers, body: parsed, status, messageId })
				res.writeHead(status, { 'Content-Type': 'application/json' })
				res.end(JSON.stringify(body))
			}
			const address = new URL(req.url ?? '/', 'http://fake')
			if (req.method === 'GET' && address.pathname === '/mailbox') {
				const to = address.searchParams.get('to')?.toLowerCase()
				const mails = requests.filter((r) => r.status === 201 && (r.body.to as { email?: string }[]).some((t) => t.email?.toLowerCase() === to)).map((r) => r.body)
				res.writeHead(200, { 'Content-Type': 'application/json' })
				return res.end(JSON.stringify(mails.reverse()))
			}
			if (req.method !== 'POST' || address.pathname !== '/v3/smtp/email') {
				return reply(404, { code: 'not_found', message: 'Not found' })
			}
			let body: Record<string, unknown>
			try {
				body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
			} catch {
				return reply(400, { code: 'bad_request', message: 'Invalid JSON' })
			}
			if (req.headers['api-key'] !== apiKey) return reply(401, { code: 'unauthorized', message: 'Key not found' }, null, body)
			const failure = failures[0]
			if (failure) {
				if (--failure.times <= 0) failures.shift()
				return reply(failure.status, { code: 'internal_error', message: 'Something went wrong' }, null, body)
			}
			const to = body.to as { email?: string }[] | undefined
			const sender = body.sender as { email?: string } | undefined
			const hasContent = body.templateId != null || (body.subject && (body.htmlContent || body.textContent))
			if (!Array.isArray(to) || !to[0]?.email || !sender?.email || !hasContent) {
				return reply(400, { code: 'missing_parameter', message: 'to, sender and templateId or content are required' }, null, body)
			}
			const messageId = `<${nextMessage++}.fake@smtp-relay.mailin.fr>`
			reply(201, { messageId }, messageId, body)
		})
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))

	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		apiKey,
		requests,
		sent: () => requests.filter((r) => r.status === 201),
		fail(status, times = 1) {
			failures.push({ status, times })
		},
		reset() {
			requests.length = 0
			failures = []
		},
		async close() {
			server.closeAllConnections()
			await new Promise((r) => server.close(r))
		},
	}
}
