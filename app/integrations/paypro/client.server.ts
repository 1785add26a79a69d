import { pakistanDate } from '../../utils/pakistan-time'
import { HttpTimeoutError, requestJson, type JsonResponse } from './http.server'

export interface PayProConfig {
	/** Up to the host, e.g. https://api.paypro.com.pk; paths start with /v2/ppro/. */
	baseUrl: string
	clientId: string
	clientSecret: string
	/** The merchant username: MerchantId on create, userName on status. */
	merchantId: string
	timeoutMs: number
}

export type PayProFailure = 'rejected' | 'timeout' | 'unavailable' | 'no-url'

/** A provider failure, with the message the buyer sees (§8). */
export class PayProError extends Error {
	override readonly name = 'PayProError'
	constructor(
		message: string,
		readonly kind: PayProFailure,
	) {
		super(message)
	}
}

/**
 * Recognises a PayProError by name, not by class: the host process (the worker) and the server
 * bundle (the routes) each load their own copy of this module, and share one client.
 */
export const isPayProError = (error: unknown): error is PayProError => error instanceof Error && error.name === 'PayProError' && 'kind' in error

export interface PayProOrderRequest {
	orderNumber: string
	amount: number
	customerName: string
	customerMobile: string
	customerEmail: string
	now?: Date
}

export interface PayProCreatedOrder {
	payproId: string
	paymentUrl: string
}

export interface PayProOrderStatus {
	orderStatus: string
	amountPayable: number
	amountPaid: number
	datePaid: string | null
	paymentVia: string | null
	orderNumber: string | null
}

export interface PayProClient {
	/** PayPro's auth call alone: resolves when it hands out a token for these credentials (the console's Test button). */
	checkCredentials(): Promise<void>
	createOrder(request: PayProOrderRequest): Promise<PayProCreatedOrder>
	getOrderStatus(payproId: string): Promise<PayProOrderStatus>
}

const TOKEN_LIFETIME_MS = 10 * 60_000 // PayPro's token lives about 15 minutes: refresh early

/** dd/MM/yyyy in Pakistan time, as PayPro expects. */
export function payproDate(date: Date): string {
	const [year, month, day] = pakistanDate(date).split('-')
	return `${day}/${month}/${year}`
}

const DAY_MS = 86_400_000

/** The body of `POST /v2/ppro/co` with the spec's constants. */
export function createOrderBody(merchantId: string, r: PayProOrderRequest) {
	const now = r.now ?? new Date()
	return [
		{ MerchantId: merchantId },
		{
			OrderNumber: r.orderNumber,
			OrderAmount: String(r.amount),
			OrderDueDate: payproDate(new Date(now.getTime() + 7 * DAY_MS)),
			OrderType: 'Service',
			IssueDate: payproDate(now),
			OrderExpireAfterSeconds: '0',
			CustomerName: r.customerName,
			CustomerMobile: r.customerMobile,
			CustomerEmail: r.customerEmail,
			CustomerAddress: 'Online Order',
		},
	]
}

const pick = (o: unknown, key: string): unknown => {
	if (!o || typeof o !== 'object') return undefined
	const found = Object.keys(o).find((k) => k.toLowerCase() === key.toLowerCase())
	return found ? (o as Record<string, unknown>)[found] : undefined
}
const text = (v: unknown) => (v == null ? null : String(v))

/** PayPro answers with an array: [{Status}, {details}]. */
function unpack(body: unknown): { status: string | null; details: unknown; message: string | null } {
	const list = Array.isArray(body) ? body : [body]
	const status = text(pick(list[0], 'Status'))
	const details = list[1] ?? list[0]
	const message = text(pick(details, 'Description') ?? pick(list[0], 'Description') ?? pick(list[0], 'Message') ?? pick(body, 'message'))
	return { status, details, message }
}

export function createPayProClient(config: PayProConfig): PayProClient {
	let token: { value: string; expiresAt: number } | null = null
	const url = (path: string) => `${config.baseUrl.replace(/\/$/, '')}/v2/ppro/${path}`

	async function call(method: string, path: string, body: unknown): Promise<JsonResponse> {
		try {
			return await requestJson(method, url(path), { body, timeoutMs: config.timeoutMs, headers: token ? { token: token.value } : {} })
		} catch (error) {
			if (error instanceof HttpTimeoutError) throw new PayProError('The payment service is taking too long to answer.', 'timeout')
			throw new PayProError('The payment service is unavailable right now.', 'unavailable')
		}
	}

	async function authenticate(force = false) {
		if (!force && token && token.expiresAt > Date.now()) return
		token = null
		const res = await call('POST', 'auth', { clientid: config.clientId, clientsecret: config.clientSecret })
		const value = res.headers.token
		if (res.status >= 400 || typeof value !== 'string' || !value) {
			throw new PayProError(`Request failed: ${res.status} ${res.statusText}`.trim(), 'rejected')
		}
		token = { value, expiresAt: Date.now() + TOKEN_LIFETIME_MS }
	}

	/** Authenticated call; on 401 the token is renewed and the call tried once more. */
	async function authed(method: string, path: string, body: unknown) {
		await authenticate()
		let res = await call(method, path, body)
		if (res.status === 401) {
			await authenticate(true)
			res = await call(method, path, body)
		}
		return res
	}

	return {
		checkCredentials: () => authenticate(true),

		async createOrder(request) {
			const res = await authed('POST', 'co', createOrderBody(config.merchantId, request))
			const { status, details, message } = unpack(res.body)
			if (res.status < 200 || res.status >= 300) {
				const error = text(pick(res.body, 'error')) ?? (status ? message : null)
				throw new PayProError(error ?? `Request failed: ${res.status} ${res.statusText}`.trim(), 'rejected')
			}
			if (status !== '00') throw new PayProError(message || 'Failed to create payment order', 'rejected')
			const paymentUrl = text(pick(details, 'Click2Pay'))
			const payproId = text(pick(details, 'PayProId'))
			if (!paymentUrl) throw new PayProError('Payment URL not received', 'no-url')
			if (!payproId) throw new PayProError('Order creation failed', 'rejected')
			return { payproId, paymentUrl }
		},

		async getOrderStatus(payproId) {
			const res = await authed('GET', 'ggos', { userName: config.merchantId, cpayId: payproId })
			const { status, details, message } = unpack(res.body)
			if (res.status < 200 || res.status >= 300) throw new PayProError(`Request failed: ${res.status} ${res.statusText}`.trim(), 'rejected')
			if (status !== '00') throw new PayProError(message || `Order status not available (${status ?? 'no status'})`, 'rejected')
			return {
				orderStatus: String(pick(details, 'OrderStatus') ?? '').toUpperCase(),
				amountPayable: Number(pick(details, 'AmountPayable') ?? NaN),
				amountPaid: Number(pick(details, 'OrderAmountPaid') ?? NaN),
				datePaid: text(pick(details, 'DatePaid')),
				paymentVia: text(pick(details, 'PaymentVia')),
				orderNumber: text(pick(details, 'OrderNumber')),
			}
		},
	}
}
