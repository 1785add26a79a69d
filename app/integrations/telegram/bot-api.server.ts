// Telegram's Bot API (https://core.telegram.org/bots/api), at a configurable base URL
// (TELEGRAM_API_URL; tests run a local server speaking it, tests/fakes/telegram-server.ts).
// The token is part of every request's path: it is never put in an error or a log line.

export interface TelegramUpdate {
	update_id: number
	message?: { chat: { id: number | string }; text?: string; from?: { username?: string } }
}

export interface TelegramBot {
	getMe(): Promise<{ username: string }>
	sendMessage(chatId: string, text: string): Promise<void>
	getUpdates(offset?: number): Promise<TelegramUpdate[]>
}

export class TelegramError extends Error {
	constructor(
		message: string,
		/** Telegram refused the token (401/404): retrying will not help. */
		readonly unauthorized = false,
	) {
		super(message)
	}
}

export function telegramBot(baseUrl: string, token: string, { timeoutMs = 8000 } = {}): TelegramBot {
	async function call<T>(method: string, body: Record<string, unknown>): Promise<T> {
		let res: Response
		try {
			res = await fetch(`${baseUrl.replace(/\/$/, '')}/bot${token}/${method}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(body),
				signal: AbortSignal.timeout(timeoutMs),
			})
		} catch (error) {
			// The URL holds the token: only the kind of failure is said.
			throw new TelegramError(`Telegram ${method}: ${error instanceof Error ? error.name : 'network error'}`)
		}
		const answer = (await res.json().catch(() => null)) as { ok?: boolean; result?: T; description?: string } | null
		if (!res.ok || !answer?.ok) {
			throw new TelegramError(`Telegram ${method} answered ${res.status}${answer?.description ? `: ${answer.description.slice(0, 200)}` : ''}`, res.status === 401 || res.status === 404)
		}
		return answer.result as T
	}
	return {
		getMe: () => call<{ username: string }>('getMe', {}),
		sendMessage: async (chatId, text) => {
			await call('sendMessage', { chat_id: chatId, text, disable_web_page_preview: true })
		},
		getUpdates: (offset) => call<TelegramUpdate[]>('getUpdates', { offset, timeout: 0, allowed_updates: ['message'] }),
	}
}
