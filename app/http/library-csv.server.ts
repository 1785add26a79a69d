import { IMPORT_MESSAGES } from '../domain/library/import-library.server'
import { LIBRARY_CSV_FIELD, LIBRARY_IMPORT_LIMITS } from '../domain/library/library-input'
import { AppError } from '../utils/app-error'
import { readBodyBytes } from './http.server'
import { readUploadedFile } from './upload.server'

// A game library CSV from a request: a file upload (the console's form, field "file") or the CSV
// itself as the body (text/csv, for tools). Either way at most 1 MB, and UTF-8 text.

export const LIBRARY_CSV_MISSING = 'Choose a CSV file to import (columns title,genre,top).'
export const NOT_UTF8 = 'The file is not UTF-8 text. In the spreadsheet, save it as “CSV UTF-8” and try again.'
export const CSV_CONTENT_TYPE = 'Send the CSV as the body with Content-Type: text/csv, or as a file upload (multipart/form-data) in the field “file”.'

const mediaType = (request: Request) => (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()

export async function readLibraryCsv(request: Request): Promise<string> {
	const type = mediaType(request)
	let bytes: Uint8Array
	if (type === 'multipart/form-data') {
		bytes = await readUploadedFile(request, { field: LIBRARY_CSV_FIELD, maxFileBytes: LIBRARY_IMPORT_LIMITS.bytes, tooLarge: IMPORT_MESSAGES.tooLarge, missing: LIBRARY_CSV_MISSING })
	} else if (type === 'text/csv' || type === 'text/plain') {
		try {
			bytes = await readBodyBytes(request, LIBRARY_IMPORT_LIMITS.bytes)
		} catch (error) {
			if (error instanceof AppError && error.code === 'TOO_LARGE') throw new AppError('TOO_LARGE', IMPORT_MESSAGES.tooLarge)
			throw error
		}
		if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.empty)
	} else {
		throw new AppError('UNSUPPORTED_MEDIA_TYPE', CSV_CONTENT_TYPE)
	}
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		throw new AppError('BAD_REQUEST', NOT_UTF8)
	}
}
