import { data } from 'react-router'
import { AppError } from '../utils/app-error'

// A console action's refusal, written once (issue 22): `{ ok: false, message, … }` with its status,
// in the `Outcome` shape every console form reads (`app/http/outcome.ts`): the sentence, a sentence
// per field, what was typed, and what the screen adds (`intent`, the row's id).

export const NOT_UNDERSTOOD = 'That request was not understood. Please reload the page and try again.'

type Answer = { ok: boolean }
/** What a refusal of `O` carries besides `ok: false`. */
export type RefusalOf<O extends Answer> = Omit<Extract<O, { ok: false }>, 'ok'>

/** Refuses with `status` and what the screen shows (`message`, `fieldErrors`, `values`, `intent`, …). */
export function refuse<O extends Answer = { ok: false; message: string }>(status: number, refusal: RefusalOf<O>) {
	return data<O>({ ok: false, ...refusal } as unknown as O, { status })
}

/** An expected failure refused: its status, its sentence and its field sentences, with what the screen adds. */
export function refuseWith<O extends Answer = { ok: false; message: string }>(error: AppError, refusal?: Partial<RefusalOf<O>>) {
	return refuse<O>(error.status, { message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}), ...refusal } as unknown as RefusalOf<O>)
}

/** A post that is no form of this screen (an unknown intent, a missing id): 400, "not understood". */
export function notUnderstood<O extends Answer = { ok: false; message: string }>(refusal?: Partial<RefusalOf<O>>) {
	return refuse<O>(400, { message: NOT_UNDERSTOOD, ...refusal } as unknown as RefusalOf<O>)
}

type Refused = { ok: false; message: string; intent?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }

/**
 * A console action's answer: the success message, or an expected failure refused with its status, its
 * sentence and its field sentences, plus `refusal` (the form's `intent` and what was typed) so the
 * form shows them beside its fields.
 */
export async function staffActionResult<Extra extends object = object>(run: () => Promise<string>, refusal?: Extra & Partial<Refused>) {
	try {
		return { ok: true as const, message: await run() }
	} catch (error) {
		if (error instanceof AppError) return refuseWith<Refused & Extra>(error, refusal as Partial<RefusalOf<Refused & Extra>>)
		throw error
	}
}
