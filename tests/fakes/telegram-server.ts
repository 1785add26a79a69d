// A stand-in for Telegram's Bot API (https://core.telegram.org/bots/api), over real HTTP on a local
// port: POST /bot<token>/getMe, /sendMessage and /getUpdates answer {ok, result} as Telegram does,
// {ok: false, error_code, description} for a wrong token (401) or a failure. The fake's own routes,
// for tests in another process (the browser tests): GET /sent?chat_id= lists the messages a chat
// received, oldest first; POST /updates {chat_id, text} is a person writing to the bot.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SentMessage {
	chatId: string
	text: string
	at: number
}

export interface FakeTelegram {
	url: string
	token: string
	username: string
	/** Messages the bot sent, oldest first. */
	sent: SentMessage[]
	/** Every Bot API call, with the method and whether it was answered ok. */
	calls: { method: string; ok: boolean; token: string }[]
	/** A person writes to the bot: the next getUpdates returns it. */
	write(chatId: string | number, text: string): void
	/** The next `times` sendMessage calls fail with this HTTP status. */
	fail(status: number, times?: number): void
	reset(): void
	close(): Promise<void>
}

/** The token the fake accepts unless told otherwise (the browser tests connect it as the owner would). */
export const FAKE_TELEGRAM_TOKEN = '123456789:AAEfakeTokenForTheShopTests_abcdEFGH'

export async function startFakeTelegram(token = FAKE_TELEGRAM_TOKEN, { port = 0, username = 'gamevault_alerts_bot' } = {}): Promise<FakeTelegram> {
	const sent: SentMessage[] = []
	const calls: FakeTelegram['calls'] = []
	let updates: { update_id: number; message: { message_id: number; chat: { id: number; type: string }; date: number; text: string } }[] = []
	let nextUpdate = 1
	let failures: { status: number; times: number }[] = []

	const write = (chatId: string | number, text: string) => {
		const id = nextUpdate++
		updates.push({ update_id: id, message: { message_id: id, chat: { id: Number(chatId), type: 'private' }, date: Math.floor(Date.now() / 1000), text } })
	}

	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (c: Buffer) => chunks.push(c))
		req.on('end', () => {
			const answer = (status: number, body: unknown) => {
				res.writeHead(status, { 'Content-Type': 'application/json' })
				res.end(JSON.stringify(body))
			}
			const address = new URL(req.url ?? '/', 'http://fake')
			let body: Record<string, unknown> = {}
			try {
				body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {}
			} catch {
				return answer(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' })
			}
			if (req.method === 'GET' && address.pathname === '/sent') {
				const chat = address.searchParams.get('chat_id')
				return answer(200, sent.filter((m) => chat === null || m.chatId === chat))
			}
			if (req.method === 'POST' && address.pathname === '/updates') {
				write(String(body.chat_id), String(body.text ?? ''))
				return answer(200, { ok: true })
			}
			const match = /^\/bot([^/]+)\/(\w+)$/.exec(address.pathname)
			if (!match) return answer(404, { ok: false, error_code: 404, description: 'Not Found' })
			const [, given, method] = match
			const ok = given === token
			calls.push({ method: method!, ok, token: given! })
			if (!ok) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' })
			switch (method) {
				case 'getMe':
					return answer(200, { ok: true, result: { id: Number(token.split(':')[0]), is_bot: true, first_name: 'Shop alerts', username } })
				case 'getUpdates': {
					const offset = Number(body.offset ?? 0)
					// Telegram forgets updates before the offset once it is confirmed.
					if (offset) updates = updates.filter((u) => u.update_id >= offset)
					return answer(200, { ok: true, result: updates })
				}
				case 'sendMessage': {
					const failure = failures[0]
					if (failure) {
						if (--failure.times <= 0) failures.shift()
						calls[calls.length - 1]!.ok = false
						return answer(failure.status, { ok: false, error_code: failure.status, description: failure.status === 429 ? 'Too Many Requests: retry after 1' : 'Internal Server Error' })
					}
					if (body.chat_id === undefined || typeof body.text !== 'string' || !body.text) return answer(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' })
					sent.push({ chatId: String(body.chat_id), text: body.text, at: Date.now() })
					return answer(200, { ok: true, result: { message_id: sent.length, chat: { id: Number(body.chat_id) }, date: Math.floor(Date.now() / 1000), text: body.text } })
				}
				default:
					return answer(404, { ok: false, error_code: 404, description: 'Not Found: method not found' })
			}
		})
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		token,
		username,
		sent,
		calls,
		write,
		fail(status, times = 1) {
			failures.push({ status, times })
		},
		reset() {
			sent.length = 0
			calls.length = 0
			updates = []
			failures = []
		},
		async close() {
			server.closeAllConnections()
			await new Promise((r) => server.close(r))
		},
	}
}
