import { z } from 'zod'
import { DATE_FORMATS, STATEMENT_MAX_LINES } from '../../domain/payments/statement-format'
import { defineContract, type AdminContract } from '../admin-contract'

// Transfers verified, not eyeballed (ADR-049): a receiving account's statement matched with the orders waiting for a transfer.

const credit = z.object({
	id: z.number().int().describe('The credit’s id: POST it with an order number on the console’s statement page to confirm a proposal'),
	line: z.number().int().nullable().describe('Its line in the file (the header is line 1) or in the lines sent (from 1)'),
	date: z.string().describe('The Pakistan day the money arrived, YYYY-MM-DD'),
	amount: z.number().int().describe('Rupees'),
	reference: z.string().describe('The reference or TID, letters and digits in upper case; empty when the line has none'),
	payer: z.string(),
})

export const statementResult = z.object({
	accountId: z.string(),
	confirmed: z.array(z.string()).describe('Orders this import confirmed: the credit’s amount and the TID their buyer gave, within 3 days after the order (a day before allowed)'),
	proposed: z.array(z.object({ orderNumber: z.string(), credit, differences: z.array(z.string()).describe('What differs, in words: the amount, the TID, the day, the payer’s name') })),
	unmatched: z.array(credit).describe('Credits no order waiting for a transfer matches'),
	alreadyImported: z.number().int().describe('Credits imported before (the same lines again): matched afresh, never added or confirmed twice'),
	skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })).describe('Lines that could not be read, with why (debits and blank credits are left out silently)'),
})

export const importStatementContract = defineContract({
	method: 'POST',
	path: '/api/admin/transfer-statements',
	summary: `Import a receiving account’s statement: a form upload (multipart/form-data) with accountId and the CSV as the bank or wallet exports it in the field “file” (or its lines pasted in the field “lines”), optionally with the columns dateColumn, amountColumn, referenceColumn, payerColumn and dateFormat (${DATE_FORMATS.join(', ')}), which are then kept for the account; or JSON {accountId, lines: [{date: YYYY-MM-DD, amount, reference, payer}]}. The account ids are on the console’s statement page (/admin/transfers/statements). A credit of an order’s exact amount with the TID its buyer gave confirms the order as staff confirm a transfer (stock, emails, events), audited as confirmed from the statement; near matches are proposed with their differences; the rest are listed. A line imported again is the same credit: importing twice, or twice at once, confirms each order once. At most 2 MB and ${STATEMENT_MAX_LINES.toLocaleString('en')} lines; a line that cannot be read is skipped with its reason.`,
	tag: 'Transfers',
	permission: 'staff',
	scope: 'transfers',
	multipart: true,
	body: z.object({
		accountId: z.string().describe('The receiving account, e.g. meezan-bank-1a2b3c4d'),
		file: z.string().optional().describe('The statement CSV (UTF-8), with its header line'),
		lines: z.string().optional().describe('Or its lines pasted (with the header line, or as date,amount,reference,payer)'),
		dateColumn: z.string().optional(),
		amountColumn: z.string().optional(),
		referenceColumn: z.string().optional(),
		payerColumn: z.string().optional(),
		dateFormat: z.enum(DATE_FORMATS).optional(),
	}),
	response: statementResult,
})

export const transfersContracts: AdminContract[] = [importStatementContract]
