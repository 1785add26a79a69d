import { data } from 'react-router'
import { AppError } from './app-error'

export const NOT_UNDERSTOOD = 'That request was not understood. Please reload the page and try again.'

/** A console action's answer: the success message, or an expected failure as its 4xx with the message. */
export async function staffActionResult(run: () => Promise<string>) {
	try {
		return { ok: true as const, message: await run() }
	} catch (error) {
		if (error instanceof AppError) return data({ ok: false as const, message: error.message }, { status: error.status })
		throw error
	}
}

export const notUnderstood = () => data({ ok: false as const, message: NOT_UNDERSTOOD }, { status: 400 })
