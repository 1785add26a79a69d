import busboy from 'busboy'
import { AppError } from '../utils/app-error'

export interface UploadRules {
	/** The form field that carries the file. */
	field: string
	maxFileBytes: number
	/** What the buyer reads when the file is over the limit (413). */
	tooLarge: string
	/** What the buyer reads when the file is missing, empty or the form is broken (400). */
	missing: string
}

// A form around one file needs a handful of parts; more is not a browser sending a receipt.
const LIMITS = { files: 1, fields: 8, parts: 9, fieldSize: 1024, headerPairs: 20 }
// Multipart adds boundaries and part headers around the file.
const FORM_OVERHEAD_BYTES = 64 * 1024

export const TOO_MANY_PARTS = 'The upload has more parts than one file needs: send only the file.'
export const NOT_A_FORM_UPLOAD = 'Send the file as a form upload (multipart/form-data).'

/**
 * The one file of a multipart upload, read as it streams in (busboy) and refused as soon as it
 * passes the limit, whether or not the request declared its length: at most the limit is ever
 * held in memory. The rest of the body is left unread; the host closes the connection after
 * an answer given before the body was read (server/app.ts).
 */
export async function readUploadedFile(request: Request, rules: UploadRules): Promise<Uint8Array> {
	const contentType = request.headers.get('content-type') ?? ''
	if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_A_FORM_UPLOAD)
	const declared = Number(request.headers.get('content-length') ?? 0)
	if (declared > rules.maxFileBytes + FORM_OVERHEAD_BYTES) throw new AppError('TOO_LARGE', rules.tooLarge)
	if (!request.body) throw new AppError('BAD_REQUEST', rules.missing)

	let parser: busboy.Busboy
	try {
		// One byte over the limit is what tells a file of exactly the limit from a bigger one.
		parser = busboy({ headers: { 'content-type': contentType }, limits: { ...LIMITS, fileSize: rules.maxFileBytes + 1 } })
	} catch {
		throw new AppError('BAD_REQUEST', rules.missing)
	}

	let failure: AppError | null = null
	const fail = (error: AppError) => {
		failure ??= error
	}
	const chunks: Buffer[] = []
	let size = 0
	let found = false
	parser.on('file', (name, file) => {
		// A form cut short errors the file too; the parser's own error below already answers it.
		file.on('error', () => {})
		if (name !== rules.field || found) {
			file.resume()
			return
		}
		found = true
		file.on('data', (chunk: Buffer) => {
			size += chunk.byteLength
			if (size > rules.maxFileBytes) fail(new AppError('TOO_LARGE', rules.tooLarge))
			else if (!failure) chunks.push(chunk)
		})
		file.on('limit', () => fail(new AppError('TOO_LARGE', rules.tooLarge)))
	})
	for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
		parser.on(limit, () => fail(new AppError('BAD_REQUEST', TOO_MANY_PARTS)))
	}
	const finished = new Promise<void>((resolve) => {
		parser.on('error', () => {
			fail(new AppError('BAD_REQUEST', rules.missing))
			resolve()
		})
		parser.on('close', () => resolve())
	})

	const reader = request.body.getReader()
	try {
		while (!failure) {
			const { done, value } = await reader.read()
			if (done) {
				parser.end()
				await finished
				break
			}
			await new Promise<void>((resolve) => parser.write(value, () => resolve()))
		}
	} catch {
		// The buyer's connection dropped mid-upload.
		fail(new AppError('BAD_REQUEST', rules.missing))
	} finally {
		// Not cancelled: cancelling the body would close the connection before the answer is sent.
		reader.releaseLock()
		if (failure) parser.destroy()
	}
	if (failure) throw failure
	if (!found || size === 0) throw new AppError('BAD_REQUEST', rules.missing)
	return new Uint8Array(Buffer.concat(chunks, size))
}
