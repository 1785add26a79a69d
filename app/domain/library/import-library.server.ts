import { CsvError, parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { gameLibrary } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { hasNul } from '../../utils/input'
import { recordAudit, type Actor } from '../staff/audit.server'
import { limitImportWork } from '../jobs/cpu-limits.server'
import { notifyStoreChanged } from '../store-changes.server'
import { isDuplicateTitleError } from './manage-library.server'
import { LIBRARY_IMPORT_LIMITS, LIBRARY_LIMITS, parseFlag, type LibraryImportReport } from './library-input'
import { requireGrant } from '../staff/permissions'

// A spreadsheet of titles (title,genre,top) added to the game library in one go: new titles are
// added, known ones (whatever their case) take the file's genre and top mark, and lines that do not
// fit are skipped with their line number and why. All of it in one transaction, or none.

export const IMPORT_MESSAGES = {
	tooLarge: `The file is too large: import at most 1 MB (about ${LIBRARY_IMPORT_LIMITS.rows.toLocaleString('en-US')} titles) at a time.`,
	tooManyRows: (rows: number) =>
		`The file has ${rows.toLocaleString('en-US')} titles: import at most ${LIBRARY_IMPORT_LIMITS.rows.toLocaleString('en-US')} at a time, in several files.`,
	empty: 'The file is empty. Export the sheet as CSV with the header line title,genre,top and a title on each line below it.',
	header: (found: string) => `The first line must name the columns title,genre,top (found "${found}"). Add that header line and import again.`,
	noTitles: 'The file has no titles under its header line.',
	unreadable: (line: number | null, reason: string) => `The file could not be read as CSV${line ? ` at line ${line}` : ''}: ${reason}. Save it from the spreadsheet as CSV and try again.`,
	race: 'Someone added one of these titles while the file was being imported. Import the file again.',
	nul: 'The file contains characters that are not text. Save it from the spreadsheet as CSV (UTF-8) and try again.',
}

const REASONS = {
	noTitle: 'no title',
	longTitle: `title longer than ${LIBRARY_LIMITS.title} characters`,
	noGenre: 'no genre',
	longGenre: `genre longer than ${LIBRARY_LIMITS.genre} characters`,
	top: (value: string) => `top is "${value}": use yes, no, true, false, 1 or 0`,
	repeat: (line: number) => `the same title as line ${line}`,
}

const UNREADABLE: Record<string, string> = {
	CSV_QUOTE_NOT_CLOSED: 'a quoted value is never closed',
	CSV_INVALID_CLOSING_QUOTE: 'a quote closes in the middle of a value',
	CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'there is text after a closing quote',
}

interface Row {
	line: number
	title: string
	genre: string
	top: boolean
}

/** One line of text: a title or genre that spans lines in the sheet becomes one line. */
const oneLine = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim()

function readRows(csv: string): { rows: Row[]; skipped: LibraryImportReport['skipped'] } {
	if (Buffer.byteLength(csv, 'utf8') > LIBRARY_IMPORT_LIMITS.bytes) throw new AppError('TOO_LARGE', IMPORT_MESSAGES.tooLarge)
	if (hasNul(csv)) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.nul)
	let records: { record: string[]; info: { lines: number } }[]
	try {
		// With info: true each record comes as {record, info}, which csv-parse's types do not say.
		records = parse(csv.replace(/\r\n?/g, '\n'), { bom: true, trim: true, skip_empty_lines: true, skip_records_with_empty_values: true, relax_column_count: true, info: true }) as unknown as typeof records
	} catch (error) {
		if (error instanceof CsvError) {
			const line = (error as CsvError & { lines?: number }).lines ?? null
			throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.unreadable(line, UNREADABLE[error.code] ?? 'the quotes or commas do not match up'))
		}
		throw error
	}
	const [header, ...body] = records
	if (!header) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.empty)
	const names = header.record.map((name) => name.toLowerCase())
	const column = { title: names.indexOf('title'), genre: names.indexOf('genre'), top: names.indexOf('top') === -1 ? names.indexOf('trending') : names.indexOf('top') }
	if (column.title === -1 || column.genre === -1) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.header(header.record.join(',').slice(0, 80)))
	if (body.length === 0) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.noTitles)
	if (body.length > LIBRARY_IMPORT_LIMITS.rows) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.tooManyRows(body.length))

	const rows: Row[] = []
	const skipped: LibraryImportReport['skipped'] = []
	const seen = new Map<string, number>()
	for (const { record, info } of body) {
		// csv-parse counts the line a record ends on; a quoted value over several lines started earlier.
		const line = info.lines - record.reduce((n, field) => n + (field.match(/\n/g)?.length ?? 0), 0)
		const title = oneLine(record[column.title])
		const genre = oneLine(record[column.genre])
		const topText = column.top === -1 ? '' : (record[column.top] ?? '')
		const top = parseFlag(topText)
		const skip = (reason: string) => skipped.push({ line, title: title || null, reason })
		if (!title) skip(REASONS.noTitle)
		else if (title.length > LIBRARY_LIMITS.title) skip(REASONS.longTitle)
		else if (!genre) skip(REASONS.noGenre)
		else if (genre.length > LIBRARY_LIMITS.genre) skip(REASONS.longGenre)
		else if (top === null) skip(REASONS.top(topText.slice(0, 20)))
		else if (seen.has(title.toLowerCase())) skip(REASONS.repeat(seen.get(title.toLowerCase())!))
		else {
			seen.set(title.toLowerCase(), line)
			rows.push({ line, title, genre, top })
		}
	}
	return { rows, skipped }
}

const CHUNK = 1000

function chunks<T>(list: T[]): T[][] {
	const out: T[][] = []
	for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK))
	return out
}

/** Imports a CSV of titles (header title,genre,top) in one transaction, audited, and says what it did line by line. Bounded like every import (cpu-limits.server.ts). */
export async function importLibraryCsv(db: Db, actor: Actor, csv: string): Promise<LibraryImportReport> {
	requireGrant(actor, 'catalogue')
	return limitImportWork(() => importLibraryCsvNow(db, actor, csv))
}

async function importLibraryCsvNow(db: Db, actor: Actor, csv: string): Promise<LibraryImportReport> {
	const { rows, skipped } = readRows(csv)
	try {
		return await importRows(db, actor, rows, skipped)
	} catch (error) {
		if (isDuplicateTitleError(error)) throw new AppError('CONFLICT', IMPORT_MESSAGES.race)
		throw error
	}
}

async function importRows(db: Db, actor: Actor, rows: Row[], skipped: LibraryImportReport['skipped']): Promise<LibraryImportReport> {
	return db.transaction(async (tx) => {
		// Two imports at once would each add the other's new titles twice: one at a time.
		await tx.execute(sql`select pg_advisory_xact_lock(7302)`)
		const existing = await tx.select({ id: gameLibrary.id, title: gameLibrary.title, genre: gameLibrary.genre, top: gameLibrary.top, hidden: gameLibrary.hidden }).from(gameLibrary)
		const exact = new Map(existing.map((t) => [t.title, t]))
		const byLowerTitle = new Map(existing.map((t) => [t.title.toLowerCase(), t]))
		const added: Row[] = []
		const changed: { id: number; before: (typeof existing)[number]; row: Row }[] = []
		let unchanged = 0
		for (const row of rows) {
			const known = exact.get(row.title) ?? byLowerTitle.get(row.title.toLowerCase())
			if (!known) added.push(row)
			else if (known.title === row.title && known.genre === row.genre && known.top === row.top) unchanged++
			else changed.push({ id: known.id, before: known, row })
		}
		for (const part of chunks(added)) {
			await tx.insert(gameLibrary).values(part.map((r) => ({ title: r.title, genre: r.genre, top: r.top })))
		}
		for (const part of chunks(changed)) {
			const values = sql.join(
				part.map((c) => sql`(${c.id}::integer, ${c.row.title}::text, ${c.row.genre}::text, ${c.row.top}::boolean)`),
				sql`, `,
			)
			await tx.execute(sql`update ${gameLibrary} set title = v.title, genre = v.genre, top = v.top from (values ${values}) as v(id, title, genre, top) where ${gameLibrary.id} = v.id`)
		}
		if (added.length || changed.length) {
			await recordAudit(tx, actor, {
				action: 'library.import',
				target: 'library',
				before: { updated: changed.map((c) => ({ id: c.id, title: c.before.title, genre: c.before.genre, top: c.before.top })) },
				after: {
					added: added.map((r) => ({ title: r.title, genre: r.genre, top: r.top })),
					updated: changed.map((c) => ({ id: c.id, title: c.row.title, genre: c.row.genre, top: c.row.top })),
					unchanged,
					skipped: skipped.length,
				},
			})
			await notifyStoreChanged(tx, 'library')
		}
		return { added: added.length, updated: changed.length, unchanged, skipped }
	})
}
