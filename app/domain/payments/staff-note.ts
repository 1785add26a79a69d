import { z } from 'zod'

// What staff write when they settle a payment by hand (a transfer confirmed or rejected, a DM order
// marked paid): one rule for the forms and the server. Browser-safe.

export const STAFF_NOTE_MAX = 500

export const NOTE_REQUIRED = 'Please write a note: what you checked before confirming this transfer.'
export const REASON_REQUIRED = 'Please write a reason: the buyer sees it on their order page.'
export const REOPEN_NOTE_REQUIRED = 'Please write a note: why the rejected transfer is opened again (the money turned up, say).'
export const DM_PAID_NOTE_REQUIRED = 'Please write a note: how and where the buyer paid.'

const staffNote = (required: string) =>
	z
		.string({ error: required })
		.trim()
		.min(1, required)
		.max(STAFF_NOTE_MAX, `Please keep it to ${STAFF_NOTE_MAX} characters.`)

/** Confirming a transfer: what staff checked. */
export const confirmTransferInput = z.object({ note: staffNote(NOTE_REQUIRED) })
/** Rejecting a transfer: the reason the buyer reads. */
export const rejectTransferInput = z.object({ note: staffNote(REASON_REQUIRED) })
/** Reopening a rejected transfer: why, for the audit log. */
export const reopenTransferInput = z.object({ note: staffNote(REOPEN_NOTE_REQUIRED) })
/** Marking a DM order paid: how the buyer paid. */
export const markDmPaidInput = z.object({ note: staffNote(DM_PAID_NOTE_REQUIRED) })

/** The note, checked by `schema`; the first problem as a 400 AppError (through `refuse`) otherwise. */
export function checkedNote(schema: typeof confirmTransferInput, note: string | null | undefined, refuse: (message: string) => never): string {
	const parsed = schema.safeParse({ note: note ?? '' })
	return parsed.success ? parsed.data.note : refuse(parsed.error.issues[0]!.message)
}
