import PDFDocument from 'pdfkit'
import type { OrderEvidence } from '../domain/orders/order-evidence.server'
import { formatRs } from '../utils/money'
import { pakistanStamp } from '../utils/pakistan-time'

// An order's evidence (order-evidence.server.ts) as a PDF for a card dispute, drawn with pdfkit in its
// built-in Helvetica: plain sections of lines, every time in Pakistan time. The evidence is bounded, so
// the document is (a few pages). Characters Helvetica cannot draw (a name typed in Urdu) show as '?';
// the JSON answer keeps them as typed.

/** What Helvetica's encoding (Windows-1252) can draw: the rest becomes '?'. */
const drawable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff•–—’‘“”…]/g, '?')

const at = (iso: string | null) => (iso ? `${pakistanStamp(iso)} PKT` : '—')

export function evidencePdf(evidence: OrderEvidence, storeName: string): Promise<Buffer> {
	const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Order ${evidence.orderNumber}: evidence`, Author: drawable(storeName) } })
	const chunks: Buffer[] = []
	doc.on('data', (chunk: Buffer) => chunks.push(chunk))
	const done = new Promise<Buffer>((resolve, reject) => {
		doc.on('end', () => resolve(Buffer.concat(chunks)))
		doc.on('error', reject)
	})
	const heading = (text: string) => doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text(drawable(text)).font('Helvetica').fontSize(9.5).moveDown(0.2)
	const line = (text: string) => doc.text(drawable(text))
	const none = (rows: unknown[], what: string) => (rows.length ? false : (line(`No ${what}.`), true))

	doc.font('Helvetica-Bold').fontSize(16).text(drawable(`${storeName}: order ${evidence.orderNumber}`))
	doc.font('Helvetica').fontSize(9.5).text(`Evidence drawn ${at(evidence.generatedAt)}. Delivered codes are shown masked, never in full; addresses and devices as keyed-hash prefixes.`)

	const { placed, paid, delivered } = evidence
	heading('Placed')
	line(`${at(placed.at)} · total ${formatRs(placed.total)} · language ${placed.lang}`)
	line(`Buyer: ${placed.customerName ?? '—'} · ${placed.customerEmail ?? '—'} · ${placed.customerPhone ?? '—'}`)
	line(`Placed from: address ${placed.addressHash ?? 'not recorded'} · device ${placed.deviceHash ?? 'not recorded'}`)

	heading('Paid')
	line(`${paid.status} · ${at(paid.at)} · ${paid.method}${paid.testPayment ? ' (test payment)' : ''}`)
	if (paid.payproId) line(`PayPro order id: ${paid.payproId}${paid.earlierPayproIds.length ? ` (earlier: ${paid.earlierPayproIds.join(', ')})` : ''}`)
	if (paid.transfer) line(`Transfer receipt: uploaded ${at(paid.transfer.receiptUploadedAt)}${paid.transfer.receiptSha256 ? ` · SHA-256 ${paid.transfer.receiptSha256}` : ''}`)

	heading('Delivered')
	line(`${delivered.status} · ${at(delivered.at)}${delivered.handTyped ? ' · details typed by staff (unit "hand")' : ''}`)
	for (const u of delivered.units) {
		const after = u.replacedAt ? ` · replaced ${at(u.replacedAt)} by ${u.replacedBy ?? '—'}` : u.refundedAt ? ` · refunded ${at(u.refundedAt)}` : ''
		line(`Unit ${u.unitId} (line ${u.line}, ${u.kind}): ${u.masked} · assigned ${at(u.assignedAt)}${after}`)
	}

	heading('Revealed')
	if (!none(evidence.reveals, 'reveal recorded')) {
		for (const r of evidence.reveals) line(`Unit ${r.unitId}: ${r.first ? 'first reveal' : 'again'} ${at(r.at)} · ${r.view} · by ${r.by} · address ${r.addressHash ?? '—'} · device ${r.deviceHash ?? '—'}`)
	}

	heading('Emails sent')
	if (!none(evidence.emails, 'email')) {
		for (const e of evidence.emails) line(`${at(e.at)} to ${e.to}: “${e.subject}” · ${e.status}${e.sentAt ? ` ${at(e.sentAt)}` : ''}${e.providerMessageId ? ` · provider id ${e.providerMessageId}` : ''}${e.lastError ? ` · ${e.lastError.slice(0, 200)}` : ''}`)
	}

	heading('Refunds')
	if (!none(evidence.refunds, 'refund')) {
		for (const r of evidence.refunds) line(`${at(r.at)}: ${formatRs(r.amount)} by ${r.method}${r.reference ? ` (ref. ${r.reference})` : ''} · ${r.reason} · ${r.by}`)
	}

	heading('Timeline')
	for (const e of evidence.events) line(`${at(e.at)}: ${e.kind}${e.from || e.to ? ` (${e.from ?? '—'} -> ${e.to ?? '—'})` : ''} · ${e.by}`)

	doc.end()
	return done
}
