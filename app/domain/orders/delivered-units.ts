import type { Translate } from '../../i18n/catalogue'
import type { Lang } from '../../i18n/lang'
import { formatPakistanDay } from '../../utils/pakistan-time'

// What an order delivered, as data (ADR-037): each unit a code or an account's login and password,
// each line named by its product and option; the words around them ("Code 1", "Login", "Password")
// are the catalogue's, said in the language of the page that shows them. Stored encrypted as JSON
// (orders.delivery_content); text typed by staff by hand, and content stored before units were data,
// stay text and show as written. Pure: the order page, My orders and the console read it alike.

/** One delivered unit: a code, an account, or one that could not be read (the buyer asks us). */
export type DeliveredUnit = { kind: 'code'; code: string } | { kind: 'account'; login: string; password: string; notes?: string } | { kind: 'unreadable' }

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
	}
}

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
	if (isDelivery(content)) return deliveryLines(content, t, lang)
	return typeof content === 'string' ? content : JSON.stringify(content, null, 2)
}

const lastOf = (code: string) => code.replace(/[\s\p{Cf}\p{Pd}\u2212]+/gu, '').slice(-4)

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
			units: line.units.map((unit): DeliveredUnit => (unit.kind === 'code' ? { kind: 'code', code: `•••• ${lastOf(unit.code)}` } : unit.kind === 'account' ? { kind: 'account', login: maskLogin(unit.login), password: '••••••••' } : unit)),
		})),
	}
}
