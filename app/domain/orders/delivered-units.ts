import type { Translate } from '../../i18n/catalogue'
import type { Lang } from '../../i18n/lang'
import { formatPakistanDay } from '../../utils/pakistan-time'

// What an order delivered, as data (ADR-037): each unit a code or an account's login and password,
// each line named by its product and option; the words around them ("Code 1", "Login", "Password")
// are the catalogue's, said in the language of the page that shows them. Stored encrypted as JSON
// (orders.delivery_content); text typed by staff by hand, and content stored before units were data,
// stay text and show as written. Pure: the order page, My orders and the console read it alike.

/**
 * One delivered unit: a code, an account, or one that could not be read (the buyer asks us); on the
 * buyer's views, one not revealed yet is `hidden` (ADR-050): its kind, never a character of it. `id` is
 * the unit's stock assignment (stored since 2026-12; older deliveries get it when read, by position).
 */
export type DeliveredUnit = ({ kind: 'code'; code: string } | { kind: 'account'; login: string; password: string; notes?: string } | { kind: 'unreadable' } | { kind: 'hidden'; of: 'code' | 'account' }) & {
	id?: number
}

/** The unit id of the content staff typed by hand (text): revealed as one whole. */
export const HAND_UNIT = 'hand'

/** On the buyer's views, the content staff typed by hand before it is revealed. */
export interface HiddenHand {
	hidden: typeof HAND_UNIT
}

/** Where a unit sits on the page, so a Reveal comes back to it: 'unit-41', or 'unit-hand-ZB-1001' (one order's text typed by hand). */
export const unitAnchor = (orderNumber: string, unitId: number | typeof HAND_UNIT) => (unitId === HAND_UNIT ? `unit-hand-${orderNumber.replace(/[^\w-]/g, '')}` : `unit-${unitId}`)

export const isHiddenHand = (value: unknown): value is HiddenHand => typeof value === 'object' && value !== null && (value as { hidden?: unknown }).hidden === HAND_UNIT

/** A unit that no longer applies: replaced by another, or refunded; named by its last characters only. */
export interface WithdrawnUnit {
	kind: 'code' | 'account'
	why: 'replaced' | 'refunded'
	/** When, as an ISO instant (deliveries stored before 2026-12 hold a 'YYYY-MM-DD' day); shown as a Pakistan day. */
	on: string
	masked: string | null
}

export interface DeliveredLine {
	product: string
	option: string | null
	units: DeliveredUnit[]
	withdrawn: WithdrawnUnit[]
}

/** An order's delivered units, by line. `delivery: 2` tells it from text and from other JSON. */
export interface Delivery {
	delivery: 2
	lines: DeliveredLine[]
}

export const isDelivery = (value: unknown): value is Delivery =>
	typeof value === 'object' && value !== null && (value as { delivery?: unknown }).delivery === 2 && Array.isArray((value as { lines?: unknown }).lines)

function unitLines(unit: DeliveredUnit, n: number | null, t: Translate): string[] {
	switch (unit.kind) {
		case 'code':
			return [n === null ? t('order.delivery.code', { code: unit.code }) : t('order.delivery.codeN', { n, code: unit.code })]
		case 'account':
			return [
				n === null ? t('order.delivery.account') : t('order.delivery.accountN', { n }),
				t('order.delivery.login', { login: unit.login }),
				t('order.delivery.password', { password: unit.password }),
				...(unit.notes ? [t('order.delivery.notes', { notes: unit.notes })] : []),
			]
		case 'unreadable':
			return [n === null ? t('order.delivery.unreadable') : t('order.delivery.unreadableN', { n })]
		case 'hidden':
			return [hiddenLabel(unit.of, n, t)]
	}
}

/** A unit not revealed yet, as the buyer reads it: 'Code 1 · hidden'. */
export function hiddenLabel(of: 'code' | 'account', n: number | null, t: Translate): string {
	return of === 'code' ? (n === null ? t('order.reveal.hiddenCode') : t('order.reveal.hiddenCodeN', { n })) : n === null ? t('order.reveal.hiddenAccount') : t('order.reveal.hiddenAccountN', { n })
}

/** One unit as the reader reads it (`n`: its place on its line, null when alone). */
export const unitText = (unit: DeliveredUnit, n: number | null, t: Translate): string => unitLines(unit, n, t).join('\n')

/** Whether any unit of the delivery is still hidden. */
export const hasHidden = (delivery: Delivery): boolean => delivery.lines.some((line) => line.units.some((unit) => unit.kind === 'hidden'))

/** A withdrawn unit as the reader reads it. */
export const withdrawnText = (unit: WithdrawnUnit, t: Translate, lang: Lang): string => withdrawnLine(unit, t, lang)

function withdrawnLine(unit: WithdrawnUnit, t: Translate, lang: Lang): string {
	const what = unit.kind === 'code' ? (unit.masked ? t('order.delivery.codeNamed', { masked: unit.masked }) : t('order.delivery.theCode')) : unit.masked ? t('order.delivery.accountNamed', { masked: unit.masked }) : t('order.delivery.theAccount')
	return t(unit.why === 'replaced' ? 'order.delivery.replaced' : 'order.delivery.refunded', { date: formatPakistanDay(unit.on, lang) || unit.on, unit: what })
}

/** The delivered units as the reader reads them, in `t`'s language (`lang`, for dates): per line, its units in full, then what no longer applies. */
export function deliveryLines(delivery: Delivery, t: Translate, lang: Lang): string {
	return delivery.lines
		.map((line) => {
			const live = line.units.length > 1
			return [line.option ? `${line.product} (${line.option})` : line.product, ...line.units.flatMap((unit, i) => unitLines(unit, live ? i + 1 : null, t)), ...line.withdrawn.map((unit) => withdrawnLine(unit, t, lang))].join('\n')
		})
		.join('\n\n')
}

/** An order's delivery content as text in `t`'s language (units as data), as written (text), or pretty-printed (other JSON); null when there is none. */
export function deliveryText(content: unknown, t: Translate, lang: Lang): string | null {
	if (content == null || content === '') return null
	if (isHiddenHand(content)) return t('order.reveal.hiddenHand')
	if (isDelivery(content)) return deliveryLines(content, t, lang)
	return typeof content === 'string' ? content : JSON.stringify(content, null, 2)
}

export const lastOf = (code: string) => code.replace(/[\s\p{Cf}\p{Pd}\u2212]+/gu, '').slice(-4)

/** The delivery with every secret masked (ADR-016's "last characters"): a code as '•••• 7K2Q', an account's login as 'ali•••@gmail.com' and its password hidden. What the console shows until staff reveal it. */
export function maskedDelivery(delivery: Delivery): Delivery {
	const maskLogin = (login: string) => {
		const at = login.indexOf('@')
		return at > 0 ? `${login.slice(0, Math.min(3, at))}•••${login.slice(at)}` : `${login.slice(0, 3)}•••`
	}
	return {
		delivery: 2,
		lines: delivery.lines.map((line) => ({
			...line,
			units: line.units.map((unit): DeliveredUnit => (unit.kind === 'code' ? { id: unit.id, kind: 'code', code: `•••• ${lastOf(unit.code)}` } : unit.kind === 'account' ? { id: unit.id, kind: 'account', login: maskLogin(unit.login), password: '••••••••' } : unit)),
		})),
	}
}
