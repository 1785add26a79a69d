import busboy from 'busboy'
import { AppError } from '../utils/app-error'
import type { Said } from '../i18n/words'

export interface UploadRules {
	/** The form field that carries the file. */
	field: string
	maxFileBytes: number
	/** What the buyer reads when the file is over the limit (413). */
	tooLarge: string
	/** What the buyer reads when the file is missing, empty or the form is broken (400). */
	missing: string
	/** Bytes a text field may have (1 KB unless said); a longer one is cut there (the command's own length rule says so), or refused with `fieldTooLarge` when given (413). */
	fieldBytes?: number
	fieldTooLarge?: string
	/** Or refused with this sentence (400), for a form whose fields have no length rule of their own. */
	fieldTooLong?: Said
	/** A form without the file part is handed to `consume` with no bytes (the text fields may carry what it needs). */
	fileOptional?: boolean
}

/** The text fields of the form, as they arrived: those sent before the file are here when `consume` starts, the rest by the time the upload ends. */
export type UploadFields = Record<string, string>

// A form around one file needs a handful of parts; more is not a browser sending a receipt.
const LIMITS = { files: 1, fields: 8, parts: 9, fieldSize: 1024, headerPairs: 20 }
// Multipart adds boundaries and part headers around the file.
const FORM_OVERHEAD_BYTES = 64 * 1024

export const TOO_MANY_PARTS = 'The upload has more parts than one file needs: send only the file.'
export const NOT_A_FORM_UPLOAD = 'Send the file as a form upload (multipart/form-data).'

/**
 * The one file of a multipart upload, collected in memory (for files the shop reads whole: a CSV,
 * an image to convert). At most the limit is ever held: see `withUploadedFile`.
 */
export async function readUploadedFile(request: Request, rules: UploadRules): Promise<Uint8Array> {
	return withUploadedFile(request, rules, async (file) => {
		const chunks: Uint8Array[] = []
		let size = 0
		for await (const chunk of file) {
			size += chunk.byteLength
			if (size > rules.maxFileBytes) throw new AppError('TOO_LARGE', rules.tooLarge)
			chunks.push(chunk)
		}
		if (size === 0) throw new AppError('BAD_REQUEST', rules.missing)
		return new Uint8Array(Buffer.concat(chunks, size))
	})
}

/**
 * Hands the one file of a multipart upload to `consume` as it streams in (busboy), a piece at a
 * time and only as fast as `consume` takes it: the request is read no faster than the file is
 * stored. The file is refused as soon as it passes the limit, whether or not the request declared
 * its length. When `consume` refuses the file, the rest of the body is left unread; the host reads it to its end (bounded) and closes
 * the connection (server/finish-reading.ts). A form cut short
 * fails the file's stream, so `consume` never takes a truncated file for a whole one.
 */
export async function withUploadedFile<T>(request: Request, rules: UploadRules, consume: (file: AsyncIterable<Uint8Array>, fields: UploadFields, formEnded: Promise<void>) => Promise<T>): Promise<T> {
	const contentType = request.headers.get('content-type') ?? ''
	if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_A_FORM_UPLOAD)
	const declared = Number(request.headers.get('content-length') ?? 0)
	if (declared > rules.maxFileBytes + FORM_OVERHEAD_BYTES) throw new AppError('TOO_LARGE', rules.tooLarge)
	if (!request.body) throw new AppError('BAD_REQUEST', rules.missing)

	let parser: busboy.Busboy
	try {
		// One byte over the limit is what tells a file of exactly the limit from a bigger one.
		parser = busboy({ headers: { 'content-type': contentType }, limits: { ...LIMITS, fieldSize: rules.fieldBytes ?? LIMITS.fieldSize, fileSize: rules.maxFileBytes + 1 } })
	} catch {
		throw new AppError('BAD_REQUEST', rules.missing)
	}

	let failure: unknown = null
	let stop!: () => void
	const stopped = new Promise<void>((resolve) => (stop = resolve))
	const fail = (error: unknown) => {
		failure ??= error
		stop()
	}
	let consumed: Promise<T> | null = null
	let taken = null as { destroy(error: Error): void } | null
	const fields: UploadFields = Object.create(null) as UploadFields
	// Settles once the whole form is read (or the upload failed): `consume` may wait for fields sent after the file.
	let formEnd!: () => void
	const formEnded = new Promise<void>((resolve) => (formEnd = resolve))
	parser.on('field', (name, value, info) => {
		if (info.valueTruncated && rules.fieldTooLarge) return fail(new AppError('TOO_LARGE', rules.fieldTooLarge))
		if (info.valueTruncated && rules.fieldTooLong) return fail(new AppError('BAD_REQUEST', rules.fieldTooLong))
		if (!(name in fields)) fields[name] = value
	})
	parser.on('file', (name, file) => {
		// Registered first, so a form cut short is said as such before `consume` sees the stream fail.
		file.on('error', () => fail(new AppError('BAD_REQUEST', rules.missing)))
		if (name !== rules.field || consumed) {
			file.resume()
			return
		}
		file.on('limit', () => {
			const tooLarge = new AppError('TOO_LARGE', rules.tooLarge)
			fail(tooLarge)
			file.destroy(tooLarge)
		})
		taken = file
		consumed = consume(file, fields, formEnded)
		consumed.catch(fail)
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
	void Promise.race([finished, stopped]).then(formEnd)

	const reader = request.body.getReader()
	try {
		while (!failure) {
			const read = await Promise.race([reader.read(), stopped.then(() => null)])
			if (!read) break
			if (read.done) {
				parser.end()
				await Promise.race([finished, stopped])
				break
			}
			// Waits while `consume` has not taken the file's last piece: that is what holds the request back.
			await Promise.race([new Promise<void>((resolve) => parser.write(read.value, () => resolve())), stopped])
		}
	} catch {
		// The buyer's connection dropped mid-upload.
		fail(new AppError('BAD_REQUEST', rules.missing))
	} finally {
		// Not cancelled: cancelling the body would close the connection before the answer is sent.
		reader.releaseLock()
		if (failure) {
			parser.destroy()
			taken?.destroy(failure instanceof Error ? failure : new Error('upload stopped'))
		}
	}
	if (failure) {
		// `consume` has stopped (or stops now, its stream destroyed) before the answer.
		await (consumed as Promise<T> | null)?.catch(() => {})
		throw failure
	}
	if (!consumed) {
		if (rules.fileOptional) return consume((async function* () {})(), fields, formEnded)
		throw new AppError('BAD_REQUEST', rules.missing)
	}
	return consumed
}
