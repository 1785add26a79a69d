import { createHash } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { AppError } from '../../utils/app-error'
import { MAX_ORDER_TOTAL } from '../../utils/money'
import { readPakistanDay } from '../../utils/pakistan-time'
import { typedRupees } from '../../utils/typed-amount'
import { westernDigits } from '../../utils/digits'
import { normalisePayer, normaliseTid } from './transfer-tid'
import { STATEMENT_EMPTY, STATEMENT_MAX_BYTES, STATEMENT_MAX_LINES, STATEMENT_TOO_LARGE, STATEMENT_TOO_LONG, type DateFormat, type StatementCredit, type StatementMapping } from './statement-format'

// A receiving account's statement, read (ADR-049): a CSV as the bank or wallet exports it, read with
// the columns chosen for that account, or lines pasted or sent as JSON. Only credits count; each is
// named by the hash of account, day, amount, reference and payer, so one line is one credit however
// often the statement is imported.

export interface SkippedLine {
	line: number
	reason: string
}

const NOT_TEXT = 'The statement must be a CSV text file (UTF-8), as the bank or wallet exports it.'

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** A statement's day in the account's format as 'YYYY-MM-DD' (a time after it is left out), or null when it is none or outside the shop's years. */
export function readStatementDay(text: string, format: DateFormat): string | null {
	const value = westernDigits(text).trim().slice(0, 40).split(/[T\s](?=\d{1,2}:)/)[0]!.trim()
	let parts: [string, string, string] | null = null
	const numeric = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/.exec(value)
	if (format === 'YYYY-MM-DD' && numeric) parts = [numeric[1]!, numeric[2]!, numeric[3]!]
	else if ((format === 'DD/MM/YYYY' || format === 'DD-MM-YYYY') && numeric) parts = [numeric[3]!, numeric[2]!, numeric[1]!]
	else if (format === 'MM/DD/YYYY' && numeric) parts = [numeric[3]!, numeric[1]!, numeric[2]!]
	else if (format === 'DD-MMM-YYYY' || format === 'DD MMM YYYY') {
		const named = /^(\d{1,2})[\s\-/]([A-Za-z]{3,9})[\s\-/,]+(\d{4})$/.exec(value)
		const month = named ? MONTHS.indexOf(named[2]!.slice(0, 3).toLowerCase()) : -1
		if (named && month >= 0) parts = [named[3]!, String(month + 1), named[1]!]
	}
	if (!parts || parts[0].length !== 4) return null
	const day = `${parts[0]}-${parts[1].padStart(2, '0')}-${parts[2].padStart(2, '0')}`
	return readPakistanDay(day).ok ? day : null
}

/** A credit's rupees: whole and positive, at most an order's total; else why not (a debit or a blank credit column is no credit). */
function readCreditAmount(text: string): { ok: true; amount: number } | { ok: false; reason: string | null } {
	const value = westernDigits(text).trim().replace(/^\+/, '').replace(/\s*(cr|pkr)\.?$/i, '')
	if (!value || /^0+(\.0+)?$/.test(value)) return { ok: false, reason: null }
	if (/^[-(]/.test(value)) return { ok: false, reason: null }
	const rupees = typedRupees(value.replace(/\.0+$/, ''))
	if (rupees === null) return { ok: false, reason: `the amount “${text.slice(0, 40)}” is not whole rupees` }
	if (rupees < 1 || rupees > MAX_ORDER_TOTAL) return { ok: false, reason: `the amount ${text.slice(0, 40)} is beyond what an order can total (Rs. ${MAX_ORDER_TOTAL.toLocaleString('en')})` }
	return { ok: true, amount: rupees }
}

/** The reference as the shop compares it with a buyer's TID: letters and digits only, upper case. */
export const statementReference = (text: string): string => normaliseTid(text.slice(0, 200)).replace(/[^A-Z0-9]/g, '').slice(0, 60)

/** One line's credit from its four values, or why the line is left out (null: not a credit, said by no one). */
export function creditOf(line: number, values: { date: string; amount: string; reference: string; payer: string }, format: DateFormat): StatementCredit | SkippedLine | null {
	const amount = readCreditAmount(values.amount)
	if (!amount.ok) return amount.reason ? { line, reason: amount.reason } : null
	const date = readStatementDay(values.date, format)
	if (!date) return { line, reason: `the date “${values.date.slice(0, 40)}” is not a day written ${format} from the year 2000 to 9998` }
	return { line, date, amount: amount.amount, reference: statementReference(values.reference), payer: normalisePayer(values.payer.slice(0, 400)).slice(0, 200) }
}

const isCredit = (value: StatementCredit | SkippedLine | null): value is StatementCredit => value !== null && 'amount' in value

/** The text of an uploaded statement: UTF-8 (a BOM is dropped), never binary. */
export function statementText(bytes: Uint8Array): string {
	if (bytes.byteLength > STATEMENT_MAX_BYTES) throw new AppError('TOO_LARGE', STATEMENT_TOO_LARGE)
	if (bytes.includes(0)) throw new AppError('BAD_REQUEST', NOT_TEXT)
	let text: string
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		throw new AppError('BAD_REQUEST', NOT_TEXT)
	}
	return text.replace(/^\uFEFF/, '')
}

/** The separator a statement's first line uses most: comma, semicolon or tab. */
function separatorOf(text: string): string {
	const first = text.slice(0, text.search(/\r?\n|$/) >>> 0 || text.length)
	const counts = [',', ';', '\t'].map((s) => [s, first.split(s).length] as const)
	return counts.sort((a, b) => b[1] - a[1])[0]![0]
}

function rowsOf(text: string): string[][] {
	try {
		return parse(text, { delimiter: separatorOf(text), bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, to_line: STATEMENT_MAX_LINES + 2, max_record_size: 64 * 1024 }) as string[][]
	} catch (error) {
		throw new AppError('BAD_REQUEST', `The statement is not a CSV the shop can read: ${(error as Error).message.slice(0, 160)}`)
	}
}

const headerKey = (value: string) => value.trim().toLowerCase().replace(/\s+/g, ' ')

/**
 * A statement's credits: a CSV with its header line read by the account's columns, or lines pasted
 * without a header as date, amount, reference, payer. Lines that are no credit (debits, blank credit
 * cells) are left out; lines that cannot be read are named with their reason.
 */
export function readStatementCsv(text: string, mapping: StatementMapping): { credits: StatementCredit[]; skipped: SkippedLine[] } {
	if (text.length > STATEMENT_MAX_BYTES) throw new AppError('TOO_LARGE', STATEMENT_TOO_LARGE)
	const rows = rowsOf(text)
	if (rows.length === 0) throw new AppError('BAD_REQUEST', STATEMENT_EMPTY)
	const header = rows[0]!.map(headerKey)
	const wanted = [mapping.date, mapping.amount, mapping.reference, mapping.payer].map(headerKey)
	const columns = wanted.map((name) => header.indexOf(name))
	const hasHeader = columns.every((c) => c >= 0)
	if (!hasHeader && header.some((h) => wanted.includes(h))) {
		const missing = wanted.filter((name, i) => columns[i]! < 0)
		throw new AppError('BAD_REQUEST', `The statement has no column named ${missing.map((m) => `“${m}”`).join(', ')}. Its columns are: ${rows[0]!.slice(0, 20).join(', ')}. Choose the columns that hold the date, the credit, the reference and the payer.`)
	}
	if (!hasHeader && rows[0]!.length < 4) {
		throw new AppError('BAD_REQUEST', `The statement’s first line has no column named “${mapping.date}”, “${mapping.amount}”, “${mapping.reference}” or “${mapping.payer}”. Its columns are: ${rows[0]!.slice(0, 20).join(', ')}. Choose the columns that hold the date, the credit, the reference and the payer.`)
	}
	const body = hasHeader ? rows.slice(1) : rows
	if (body.length > STATEMENT_MAX_LINES) throw new AppError('TOO_LARGE', STATEMENT_TOO_LONG)
	const at = hasHeader ? columns : [0, 1, 2, 3]
	const credits: StatementCredit[] = []
	const skipped: SkippedLine[] = []
	body.forEach((row, i) => {
		const line = i + (hasHeader ? 2 : 1)
		const cell = (n: number) => row[at[n]!] ?? ''
		const read = creditOf(line, { date: cell(0), amount: cell(1), reference: cell(2), payer: cell(3) }, mapping.dateFormat)
		if (isCredit(read)) credits.push(read)
		else if (read) skipped.push(read)
	})
	return { credits, skipped }
}

/** Lines sent as JSON ({date: 'YYYY-MM-DD', amount, reference, payer}): the same reading, dates as ISO days. */
export function readStatementLines(lines: { date: string; amount: string | number; reference?: string; payer?: string }[]): { credits: StatementCredit[]; skipped: SkippedLine[] } {
	if (lines.length > STATEMENT_MAX_LINES) throw new AppError('TOO_LARGE', STATEMENT_TOO_LONG)
	const credits: StatementCredit[] = []
	const skipped: SkippedLine[] = []
	lines.forEach((l, i) => {
		const read = creditOf(i + 1, { date: l.date, amount: String(l.amount), reference: l.reference ?? '', payer: l.payer ?? '' }, 'YYYY-MM-DD')
		if (isCredit(read)) credits.push(read)
		else if (read) skipped.push(read)
	})
	return { credits, skipped }
}

/** One credit's name: the hash of what makes it this credit, so a line imported again is the same one. */
export const creditHash = (accountId: string, c: Pick<StatementCredit, 'date' | 'amount' | 'reference' | 'payer'>): string =>
	createHash('sha256').update(JSON.stringify([accountId, c.date, c.amount, c.reference, c.payer.toLowerCase()])).digest('hex')
