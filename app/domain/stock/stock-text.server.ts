import { CsvError, parse } from 'csv-parse/sync'
import type { StockUnitKind } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { hasNul } from '../../utils/input'
import { STOCK_LIMITS, type AccountUnit, type CodeUnit } from './manage-stock.server'

// Stock as staff paste or upload it: codes one per line (or a CSV with a `code` column), accounts
// as a CSV with the header login,password,notes,slots. Each unit keeps the line it came from, so
// the import's skipped units are reported by the line staff see. Errors never quote a unit.

export interface StockText {
	units: (CodeUnit | AccountUnit)[]
	/** The source line of each unit. */
	lines: number[]
}

export const STOCK_TEXT_MESSAGES = {
	empty: 'Paste at least one code or account, or choose a CSV file.',
	tooLarge: 'The stock is too large: import at most 1 MB at a time.',
	nul: 'The text contains characters that are not text. Save the file as CSV (UTF-8) and try again.',
	accountHeader: 'An accounts CSV starts with the header line login,password,notes (and slots if accounts differ). Add that line and import again.',
	unreadable: (line: number | null) => `The CSV could not be read${line ? ` at line ${line}` : ''}: the quotes or commas do not match up.`,
}

function readCsv(text: string): { record: string[]; line: number }[] {
	try {
		const records = parse(text, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[]
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
	if (kind === 'code') {
		const all = text.split('\n')
		const header = all.find((l) => l.trim())?.trim().toLowerCase()
		all.forEach((l, i) => {
			const code = l.trim().replace(/^"(.*)"$/, '$1').split(',')[0]!.trim()
			if (!code || (header === 'code' && code.toLowerCase() === 'code' && units.length === 0)) return
			units.push({ code })
			lines.push(i + 1)
		})
	} else {
		const [head, ...body] = readCsv(text)
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
	return { units, lines }
}
