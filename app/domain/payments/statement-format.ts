// A receiving account's statement: its limits and how its columns and dates are chosen (ADR-049); the page and the server read these.

export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024
export const STATEMENT_MAX_LINES = 5000

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD-MM-YYYY', 'DD-MMM-YYYY', 'DD MMM YYYY'] as const
export type DateFormat = (typeof DATE_FORMATS)[number]

export interface StatementMapping {
	/** The header of the column with the day the money arrived. */
	date: string
	/** The header of the credit (or amount) column, in rupees. */
	amount: string
	/** The header of the reference / TID column. */
	reference: string
	/** The header of the payer / description column. */
	payer: string
	dateFormat: DateFormat
}

/** What a fresh account's form starts with: the names banks and wallets most often use. */
export const GUESSED_MAPPING: StatementMapping = { date: 'Date', amount: 'Credit', reference: 'Reference', payer: 'Description', dateFormat: 'DD/MM/YYYY' }

export interface StatementCredit {
	/** The line in the file (the header is line 1), or in the list sent (from 1). */
	line: number
	/** The Pakistan day the money arrived, 'YYYY-MM-DD'. */
	date: string
	amount: number
	/** Normalised like the buyer's TID; '' when the line has none. */
	reference: string
	payer: string
}


export const STATEMENT_TOO_LARGE = `The statement is larger than 2 MB. Split it into shorter periods and import each.`
export const STATEMENT_TOO_LONG = `The statement has more than ${STATEMENT_MAX_LINES.toLocaleString('en')} lines. Split it into shorter periods and import each.`
export const STATEMENT_EMPTY = 'The statement has no lines. Choose the CSV file the bank or wallet exported, or paste its lines.'
