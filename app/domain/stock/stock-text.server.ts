import { CsvError, parse } from 'csv-parse/sync'
import type { StockUnitKind } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { hasNul } from '../../utils/input'
import { STOCK_LIMITS, type AccountUnit, type CodeUnit } from './manage-stock.server'

// Stock as staff paste or upload it. Codes: a pasted line is one code, whatever it contains (commas
// and quotes included); a file whose first line is the header `code` is a one-column CSV (its
// quotes are CSV quoting), and one whose header has a `code` column among others is read as CSV.
// Accounts: a CSV with the header login,password,notes,slots. Each unit keeps the line it came
// from, so the import report names lines as staff see them; nothing is dropped without a line in
// the report (blank lines are passed on as empty codes). Errors never quote a unit.

export interface StockText {
	units: (CodeUnit | AccountUnit)[]
	/** The source line of each unit. */
	lines: number[]
	/** Lines read but not units (a CSV header), for the report. */
	notes: { line: number; note: string }[]
}

export const STOCK_TEXT_MESSAGES = {
	empty: 'Paste at least one code or account, or choose a CSV file.',
	tooLarge: 'The stock is too large: import at most 1 MB at a time.',
	nul: 'The text contains characters that are not text. Save the file as CSV (UTF-8) and try again.',
	accountHeader: 'An accounts CSV starts with the header line login,password,notes (and slots if accounts differ). Add that line and import again.',
	unreadable: (line: number | null) => `The CSV could not be read${line ? ` at line ${line}` : ''}: the quotes or commas do not match up.`,
}

function readCsv(text: string, { skipEmpty = true } = {}): { record: string[]; line: number }[] {
	try {
		const records = parse(text, { bom: true, trim: true, skip_empty_lines: skipEmpty, relax_column_count: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[]
		return records.map((r) => ({ record: r.record, line: r.info.lines }))
	} catch (error) {
		if (error instanceof CsvError) throw new AppError('BAD_REQUEST', STOCK_TEXT_MESSAGES.unreadable((error as CsvError & { lines?: number }).lines ?? null))
		throw error
	}
}

export function readStockText(kind: StockUnitKind, raw: string): StockText {
	if (Buffer.byteLength(raw, 'utf8') > STOCK_LIMITS.bytes) throw new AppError('TOO_LARGE', STOCK_TEXT_MESSAGES.tooLarge)
	if (hasNul(raw)) throw new AppError('BAD_REQUEST', STOCK_TEXT_MESSAGES.nul)
	const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
	const units: StockText['units'] = []
	const lines: number[] = []
	const notes: StockText['notes'] = []
	if (kind === 'code') {
		const all = text.split('\n')
		while (all.length && !all.at(-1)!.trim()) all.pop()
		const headerAt = all.findIndex((l) => l.trim())
		const header = headerAt === -1 ? [] : all[headerAt]!.split(',').map((n) => n.trim().replace(/^"(.*)"$/, '$1').toLowerCase())
		if (header.length > 1 && header.includes('code')) {
			// A spreadsheet's CSV with a code column among others.
			const column = header.indexOf('code')
			const [head, ...body] = readCsv(all.slice(headerAt).join('\n'), { skipEmpty: false })
			notes.push({ line: head!.line + headerAt, note: 'the CSV header: not a code' })
			for (const { record, line } of body) {
				units.push({ code: record[column] ?? '' })
				lines.push(line + headerAt)
			}
		} else {
			const oneColumnCsv = header.length === 1 && header[0] === 'code'
			all.forEach((l, i) => {
				if (oneColumnCsv && i === headerAt) return void notes.push({ line: i + 1, note: 'the header “code”: not a code' })
				const trimmed = l.trim()
				// In a one-column CSV a quoted field is CSV quoting; a pasted line is kept whole.
				const quoted = oneColumnCsv ? /^"((?:[^"]|"")*)"$/.exec(trimmed) : null
				units.push({ code: quoted ? quoted[1]!.replace(/""/g, '"') : trimmed })
				lines.push(i + 1)
			})
		}
	} else {
		// Blank lines inside are passed on (the report lists them); blank lines at the end are not lines.
		const [head, ...body] = readCsv(text.replace(/\s+$/, ''), { skipEmpty: false })
		if (!head) throw new AppError('BAD_REQUEST', STOCK_TEXT_MESSAGES.empty)
		const names = head.record.map((n) => n.toLowerCase())
		const col = { login: names.indexOf('login'), password: names.indexOf('password'), notes: names.indexOf('notes'), slots: names.indexOf('slots') }
		if (col.login === -1 || col.password === -1) throw new AppError('BAD_REQUEST', STOCK_TEXT_MESSAGES.accountHeader)
		for (const { record, line } of body) {
			const slotsText = col.slots === -1 ? '' : (record[col.slots] ?? '').trim()
			const slots = slotsText === '' ? null : /^\d{1,3}$/.test(slotsText) ? Number(slotsText) : -1
			units.push({ login: record[col.login] ?? '', password: record[col.password] ?? '', notes: col.notes === -1 ? null : (record[col.notes] ?? null), slots })
			lines.push(line)
		}
	}
	if (units.length === 0) throw new AppError('BAD_REQUEST', STOCK_TEXT_MESSAGES.empty)
	return { units, lines, notes }
}
