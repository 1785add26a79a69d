import { z } from 'zod'
import { DATE_FORMATS, STATEMENT_EMPTY, STATEMENT_MAX_BYTES, STATEMENT_MAX_LINES, STATEMENT_TOO_LARGE, STATEMENT_TOO_LONG, type StatementMapping } from '../domain/payments/statement-format'
import { AppError } from '../utils/app-error'
import { parseInput } from './admin-api.server'
import { readJson } from './http.server'
import { withUploadedFile } from './upload.server'

// A receiving account's statement from a request (ADR-049): a form upload (the console's page, tools:
// field `file`, or the lines pasted in `lines`, with `accountId` and optionally the columns), or JSON
// lines. At most 2 MB and 5,000 lines either way.

export const STATEMENT_CONTENT_TYPE = 'Send the statement as a form upload (multipart/form-data: accountId and the CSV in the field “file”), or as JSON {"accountId": …, "lines": [{"date", "amount", "reference", "payer"}]}.'
export const ACCOUNT_MISSING = 'Choose the receiving account the statement is of (accountId).'

export type StatementRequest =
	| { accountId: string; kind: 'csv'; text: string; mapping: Partial<StatementMapping> | null }
	| { accountId: string; kind: 'lines'; lines: { date: string; amount: string | number; reference?: string; payer?: string }[] }

const line = z.object({
	date: z.string().max(40),
	amount: z.union([z.number(), z.string().max(40)]),
	reference: z.string().max(200).optional(),
	payer: z.string().max(400).optional(),
})

export const statementJson = z.object({
	accountId: z.string().trim().min(1, ACCOUNT_MISSING).max(80),
	lines: z.array(line).min(1, STATEMENT_EMPTY).max(STATEMENT_MAX_LINES, STATEMENT_TOO_LONG),
})

const column = (value: string | undefined) => (value === undefined ? undefined : value.trim().slice(0, 100))

const mediaType = (request: Request) => (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()

export async function readStatementRequest(request: Request): Promise<StatementRequest> {
	const type = mediaType(request)
	if (type === 'application/json') {
		const body = parseInput(statementJson, await readJson(request, { limit: STATEMENT_MAX_BYTES }).catch((error: unknown) => {
			throw error instanceof AppError && error.code === 'TOO_LARGE' ? new AppError('TOO_LARGE', STATEMENT_TOO_LARGE) : error
		}))
		return { accountId: body.accountId, kind: 'lines', lines: body.lines }
	}
	if (type !== 'multipart/form-data') throw new AppError('UNSUPPORTED_MEDIA_TYPE', STATEMENT_CONTENT_TYPE)
	return withUploadedFile(
		request,
		{ field: 'file', maxFileBytes: STATEMENT_MAX_BYTES, tooLarge: STATEMENT_TOO_LARGE, missing: STATEMENT_EMPTY, fieldBytes: STATEMENT_MAX_BYTES, fieldTooLarge: STATEMENT_TOO_LARGE, fileOptional: true },
		async (file, fields, formEnded) => {
			const chunks: Uint8Array[] = []
			let size = 0
			for await (const chunk of file) {
				size += chunk.byteLength
				if (size > STATEMENT_MAX_BYTES) throw new AppError('TOO_LARGE', STATEMENT_TOO_LARGE)
				chunks.push(chunk)
			}
			// Fields sent after the file (a form with the file first) have arrived once the form has.
			await formEnded
			const accountId = (fields.accountId ?? '').trim()
			if (!accountId || accountId.length > 80) throw new AppError('BAD_REQUEST', ACCOUNT_MISSING, { accountId: ACCOUNT_MISSING })
			const pasted = fields.lines ?? ''
			let text: string
			if (size > 0) {
				const bytes = Buffer.concat(chunks, size)
				if (bytes.includes(0)) throw new AppError('BAD_REQUEST', 'The statement must be a CSV text file (UTF-8), as the bank or wallet exports it.')
				try {
					text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
				} catch {
					throw new AppError('BAD_REQUEST', 'The statement is not UTF-8 text. In the spreadsheet, save it as “CSV UTF-8” and try again.')
				}
			} else if (pasted.trim()) text = pasted
			else throw new AppError('BAD_REQUEST', STATEMENT_EMPTY)
			if (text.includes('\u0000')) throw new AppError('BAD_REQUEST', 'The statement must be text, without NUL characters.')
			const mapping = { date: column(fields.dateColumn), amount: column(fields.amountColumn), reference: column(fields.referenceColumn), payer: column(fields.payerColumn), dateFormat: fields.dateFormat as StatementMapping['dateFormat'] | undefined }
			const given = Object.values(mapping).some((v) => v !== undefined)
			if (mapping.dateFormat !== undefined && !(DATE_FORMATS as readonly string[]).includes(mapping.dateFormat)) {
				throw new AppError('BAD_REQUEST', `Choose how the statement writes its dates: ${DATE_FORMATS.join(', ')}.`, { dateFormat: 'Choose a date format.' })
			}
			return { accountId, kind: 'csv', text, mapping: given ? mapping : null }
		},
	)
}
