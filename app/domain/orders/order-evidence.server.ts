import { asc, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { emailOutbox, orderEvents, orders, refunds, stockAssignments, stockUnits, type RevealView } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { openEmail } from '../email/sealed-email.server'
import type { GrantedActor } from '../staff/permissions'
import { maskUnit } from '../stock/mask-unit.server'
import { HAND_UNIT } from './delivered-units'
import { maskedDeliveryText } from './staff-order-view.server'
import { revealsOfOrder } from './unit-reveals.server'

// The record of an order for a card dispute (ADR-050): placed (when, and from where: the checkout's
// address and device as keyed-hash prefixes, the same keys as the reveals'), paid (how, when, PayPro's id or the
// transfer's receipt), delivered (which units, when: masked, never in full), the emails sent (the
// outbox: subject, to, when, the provider's answer), each reveal of each unit (when, where, by whom, the
// client's address and device as keyed-hash prefixes), and refunds and replacements. The owner's alone;
// bounded (a few hundred rows of each at most), so its PDF is too.

/** Rows of each kind the evidence lists at most (the newest emails, the oldest reveals and events). */
export const EVIDENCE_ROWS = 300

/** Characters of a keyed hash shown: enough to tell two clients apart, never the address. */
export const HASH_SHOWN = 12

const short = (hash: string | null) => (hash ? hash.slice(0, HASH_SHOWN) : null)
const iso = (at: Date | null | undefined) => at?.toISOString() ?? null

export interface OrderEvidence {
	orderNumber: string
	generatedAt: string
	placed: { at: string; total: number; customerName: string | null; customerEmail: string | null; customerPhone: string | null; lang: string; addressHash: string | null; deviceHash: string | null }
	paid: {
		at: string | null
		status: string
		method: string
		testPayment: boolean
		payproId: string | null
		earlierPayproIds: string[]
		transfer: { receiptUploadedAt: string | null; receiptSha256: string | null } | null
	}
	delivered: {
		at: string | null
		status: string
		handTyped: boolean
		units: { unitId: number; line: number; kind: string; masked: string; assignedAt: string; replacedAt: string | null; replacedBy: string | null; refundedAt: string | null }[]
	}
	emails: { at: string; to: string; subject: string; status: string; sentAt: string | null; providerMessageId: string | null; lastError: string | null }[]
	reveals: { unitId: number | typeof HAND_UNIT; at: string; first: boolean; view: RevealView; by: string; addressHash: string | null; deviceHash: string | null }[]
	refunds: { at: string; amount: number; method: string; reference: string | null; reason: string; by: string }[]
	events: { at: string; kind: string; from: string | null; to: string | null; by: string }[]
}

export const EVIDENCE_REFUSED = 'Only the shop owner may export an order’s evidence.'

/** The order's evidence, for the owner (or the shop itself, or an API key its scope let through). */
export async function orderEvidence(db: Db, actor: GrantedActor, orderNumber: string): Promise<OrderEvidence> {
	if (actor.staffId != null && actor.role !== 'owner') throw new AppError('FORBIDDEN', EVIDENCE_REFUSED)
	const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1)
	if (!order) throw new AppError('NOT_FOUND', `Order ${orderNumber} not found.`)
	const [units, emails, reveals, refunded, events] = await Promise.all([
		db
			.select({ a: stockAssignments, unit: { kind: stockUnits.kind, secret: stockUnits.secret, keyId: stockUnits.keyId } })
			.from(stockAssignments)
			.innerJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId))
			.where(eq(stockAssignments.orderId, order.id))
			.orderBy(asc(stockAssignments.lineIndex), asc(stockAssignments.unitIndex), asc(stockAssignments.id))
			.limit(EVIDENCE_ROWS),
		db.select().from(emailOutbox).where(eq(emailOutbox.orderNumber, order.orderNumber)).orderBy(desc(emailOutbox.id)).limit(EVIDENCE_ROWS),
		revealsOfOrder(db, order.id, EVIDENCE_ROWS),
		db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.id)).limit(EVIDENCE_ROWS),
		db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)).limit(EVIDENCE_ROWS),
	])
	const masked = maskedDeliveryText(order.deliveryContent)
	return {
		orderNumber: order.orderNumber,
		generatedAt: new Date().toISOString(),
		placed: { at: order.createdAt.toISOString(), total: order.totalAmount, customerName: order.customerName, customerEmail: order.customerEmail, customerPhone: order.customerPhone, lang: order.lang, addressHash: short(order.placedAddressHash), deviceHash: short(order.placedDeviceHash) },
		paid: {
			at: iso(order.paidAt),
			status: order.paymentStatus,
			method: order.paymentMethod,
			testPayment: order.testPayment,
			payproId: order.payproTransactionId,
			earlierPayproIds: order.earlierPayproIds,
			transfer: order.paymentMethod === 'manual' ? { receiptUploadedAt: iso(order.receiptUploadedAt), receiptSha256: order.receiptSha256 } : null,
		},
		delivered: {
			at: iso(order.deliveredAt ?? order.stockDeliveredAt),
			status: order.deliveryStatus,
			handTyped: masked?.hidden ?? false,
			units: units.map(({ a, unit }) => ({
				unitId: a.id,
				line: a.lineIndex + 1,
				kind: unit.kind,
				masked: maskUnit(unit),
				assignedAt: a.assignedAt.toISOString(),
				replacedAt: iso(a.replacedAt),
				replacedBy: a.replacedBy,
				refundedAt: iso(a.refundedAt),
			})),
		},
		emails: emails.reverse().map((row) => {
			const email = openEmail(row)
			return { at: row.createdAt.toISOString(), to: row.toEmail, subject: email.subject, status: row.status, sentAt: iso(row.sentAt), providerMessageId: row.providerMessageId, lastError: row.lastError }
		}),
		reveals: reveals.slice(0, EVIDENCE_ROWS).map((r) => ({
			unitId: r.assignmentId ?? HAND_UNIT,
			at: r.revealedAt.toISOString(),
			first: r.first,
			view: r.view,
			by: r.byKind === 'buyer' ? 'buyer' : `staff: ${r.staffName ?? 'unknown'}`,
			addressHash: short(r.addressHash),
			deviceHash: short(r.deviceHash),
		})),
		refunds: refunded.map((r) => ({ at: r.createdAt.toISOString(), amount: r.amount, method: r.method, reference: r.reference, reason: r.reason, by: r.actor })),
		events: events.map((e) => ({ at: e.createdAt.toISOString(), kind: e.kind, from: e.fromState, to: e.toState, by: e.actorKind === 'staff' ? (e.actor ?? 'staff') : e.actorKind })),
	}
}
