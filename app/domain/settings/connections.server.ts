import crypto from 'node:crypto'
import dns from 'node:dns/promises'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, Tx } from '../../db/client.server'
import { DEFAULT_BREVO_TEMPLATE_ID, emailFrom, emailProvider, emailSetInEnvironment, keepSavedEmailAccount, type EmailAccount } from '../../integrations/email/provider.server'
import { createPayProClient, isPayProError } from '../../integrations/paypro/client.server'
import { envPayProAccount, keepSavedPayProAccount, PAYPRO_BASE_URLS, payproAccount, type PayProAccount, type PayProMode } from '../../integrations/paypro/paypro.server'
import { AppError } from '../../utils/app-error'
import { env } from '../../utils/env.server'
import { invalidInput } from '../../utils/field-errors'
import { logger } from '../../utils/logger.server'
import { isPublicAddress } from '../../utils/network-address'
import { keepSavedPublicUrl, publicOrigin } from '../../utils/origin.server'
import { decryptDelivery, encryptDelivery } from '../fulfillment/delivery-crypto.server'
import { subscribe } from '../realtime/hub.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { requireOwner } from '../staff/permissions'
import { notifyStoreChanged, STORE_CHANGED_CHANNEL } from '../store-changes.server'
import { readStoreSetting, writeStoreSetting } from '../store-settings.server'
import { CONNECTION_MESSAGES as M, connectionsPatch, emailConnectionInput, lastFour, payproConnectionInput, publicUrlInput, type ConnectionsView, type ConnectionTestAnswer } from './connections'
import { readStoreDetails } from './store-details.server'

// The shop's connections as the owner saves them (ADR-048): one store setting, its secrets sealed
// like delivery codes. Every instance keeps the opened accounts in memory (the PayPro adapter, the
// email provider and the public address read them) and reads them again on every change, told by
// STORE_CHANGED_CHANNEL in the saving transaction: no restart.

const SETTING = 'connections'
/** Where PayPro's notifications (UIS) reach the shop: the route of app/routes/api/paypro-uis.ts. */
const CALLBACK_PATH = '/paypro/uis'

const storedPayPro = z.object({
	clientId: z.string(),
	clientSecret: z.string(),
	merchantId: z.string(),
	mode: z.enum(['sandbox', 'live']),
	baseUrl: z.string(),
	callbackUsername: z.string(),
	callbackPassword: z.string(),
})
const storedEmail = z.object({ provider: z.enum(['brevo', 'smtp']), brevoKey: z.string().nullable(), templateId: z.number().nullable(), smtpUrl: z.string().nullable(), from: z.string() })
const stored = z.object({ paypro: storedPayPro.nullable().default(null), email: storedEmail.nullable().default(null), publicUrl: z.string().nullable().default(null) })
type Stored = z.infer<typeof stored>
const NOTHING: Stored = { paypro: null, email: null, publicUrl: null }

const readStored = (db: Db | Tx) => readStoreSetting(db, SETTING, stored, NOTHING)

/** A sealed secret opened; null when it cannot be (the delivery key changed): that part counts as not connected. */
function open(sealed: string | null): string | null {
	if (!sealed) return null
	try {
		return decryptDelivery(sealed)
	} catch (error) {
		logger.warn({ err: error }, 'connections: a saved secret cannot be opened with this delivery key; connect it again on /admin/connections')
		return null
	}
}

function savedPayPro(s: Stored): (PayProAccount & { mode: PayProMode }) | null {
	const p = s.paypro
	const clientSecret = open(p?.clientSecret ?? null)
	const callbackPassword = open(p?.callbackPassword ?? null)
	return p && clientSecret && callbackPassword ? { ...p, clientSecret, callbackPassword } : null
}

function savedEmail(s: Stored): EmailAccount | null {
	const e = s.email
	if (e?.provider === 'brevo') {
		const brevoKey = open(e.brevoKey)
		return brevoKey ? { provider: 'brevo', brevoKey, templateId: e.templateId, from: e.from } : null
	}
	if (e?.provider === 'smtp') {
		const smtpUrl = open(e.smtpUrl)
		return smtpUrl ? { provider: 'smtp', smtpUrl, from: e.from } : null
	}
	return null
}

/** Reads the saved connections and hands them to the PayPro adapter, the email provider and the address. */
export async function applySavedConnections(db: Db) {
	const s = await readStored(db)
	keepSavedPayProAccount(savedPayPro(s))
	keepSavedEmailAccount(savedEmail(s))
	keepSavedPublicUrl(s.publicUrl)
}

/** At start: applies the saved connections, and again whenever any instance changes them. */
export async function watchConnections(db: Db) {
	await applySavedConnections(db)
	const apply = () => applySavedConnections(db).catch((error: unknown) => logger.error({ err: error }, 'connections: could not read the saved connections after a change'))
	// A change notified while the listening connection was away is read again once it is back.
	await subscribe(
		STORE_CHANGED_CHANNEL,
		(what) => {
			if (what === 'connections') void apply()
		},
		() => void apply(),
	)
}

/** What the owner sees: where each part comes from, the non-secret values, and each secret's last four characters. */
export async function readConnections(db: Db, { wholeCallbackPassword = false } = {}): Promise<ConnectionsView> {
	const s = await readStored(db)
	const fromEnv = envPayProAccount()
	const saved = savedPayPro(s)
	const account = fromEnv ?? saved
	const e = env()
	const email = savedEmail(s)
	const emailSource = emailSetInEnvironment() ? 'environment' : email ? 'console' : 'none'
	const provider = emailSource === 'environment' ? e.EMAIL_PROVIDER! : (email?.provider ?? 'log')
	const smtpUrl = emailSource === 'environment' ? (e.SMTP_URL ?? null) : email?.provider === 'smtp' ? email.smtpUrl : null
	return {
		paypro: {
			source: fromEnv ? 'environment' : saved ? 'console' : 'none',
			clientId: account?.clientId ?? null,
			clientSecret: lastFour(account?.clientSecret),
			merchantId: account?.merchantId ?? null,
			baseUrl: account?.baseUrl ?? null,
			mode: fromEnv ? (fromEnv.baseUrl === PAYPRO_BASE_URLS.sandbox ? 'sandbox' : 'live') : (saved?.mode ?? null),
			callbackUrl: `${publicOrigin()}${CALLBACK_PATH}`,
			callbackUsername: account?.callbackUsername ?? null,
			callbackPassword: wholeCallbackPassword ? (account?.callbackPassword ?? null) : lastFour(account?.callbackPassword),
		},
		email: {
			source: emailSource,
			provider,
			brevoKey: emailSource === 'environment' ? lastFour(e.BREVO_API_KEY) : email?.provider === 'brevo' ? lastFour(email.brevoKey) : null,
			templateId: provider === 'brevo' ? (e.BREVO_TEMPLATE_ID ?? (email?.provider === 'brevo' ? email.templateId : null) ?? DEFAULT_BREVO_TEMPLATE_ID) : null,
			smtpUrl: smtpUrl && URL.canParse(smtpUrl) ? new URL(smtpUrl).host : null,
			from: emailSource === 'environment' ? emailFrom() : (email?.from ?? emailFrom()),
		},
		publicUrl: { source: e.PUBLIC_URL ? 'environment' : s.publicUrl ? 'console' : 'none', url: publicOrigin() },
	}
}

/** On a deployed shop, an address the owner gives must be out on the internet: never one inside the shop's own network. */
async function requirePublicHost(hostname: string, field: string, message: string) {
	if (!env().DEPLOYED) return
	const host = hostname.replace(/^\[|\]$/g, '')
	const addresses = await dns.lookup(host, { all: true }).catch(() => [])
	if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) throw new AppError('BAD_REQUEST', message, { [field]: message })
}

async function write(db: Db, actor: Actor, change: (s: Stored) => Stored, audit: { action: string; after?: Record<string, unknown> }) {
	await db.transaction(async (tx) => {
		// Under the row's lock: two owners saving different parts at once both keep theirs.
		await tx.execute(sql`select 1 from store_settings where key = ${SETTING} for update`)
		await writeStoreSetting(tx, SETTING, change(await readStored(tx)))
		await recordAudit(tx, actor, { action: audit.action, target: 'store settings', after: audit.after })
		await notifyStoreChanged(tx, 'connections')
	})
	await applySavedConnections(db)
}

const generated = (bytes: number) => crypto.randomBytes(bytes).toString('base64url')

/** The owner connects (or changes) the PayPro account: checked, the secret sealed, callback credentials made once, audited without secrets. */
export async function savePayPro(db: Db, actor: Actor, input: unknown) {
	requireOwner(actor)
	if (envPayProAccount()) throw new AppError('CONFLICT', M.payproEnv)
	const parsed = payproConnectionInput.safeParse(input)
	if (!parsed.success) throw invalidInput(parsed.error)
	const v = parsed.data
	const current = savedPayPro(await readStored(db))
	const clientSecret = v.clientSecret || current?.clientSecret
	if (!clientSecret) throw new AppError('BAD_REQUEST', M.clientSecretMissing, { clientSecret: M.clientSecretMissing })
	const baseUrl = (v.baseUrl || PAYPRO_BASE_URLS[v.mode]).replace(/\/+$/, '')
	if (env().DEPLOYED && new URL(baseUrl).protocol !== 'https:') throw new AppError('BAD_REQUEST', M.baseUrl, { baseUrl: M.baseUrl })
	// PayPro's own addresses are known; any other must be out on the internet.
	if (!(Object.values(PAYPRO_BASE_URLS) as string[]).includes(baseUrl)) await requirePublicHost(new URL(baseUrl).hostname, 'baseUrl', M.baseUrlPrivate)
	const callbackUsername = current?.callbackUsername ?? `shop-${generated(6)}`
	const callbackPassword = current?.callbackPassword ?? generated(24)
	await write(
		db,
		actor,
		(s) => ({ ...s, paypro: { clientId: v.clientId, clientSecret: encryptDelivery(clientSecret)!, merchantId: v.merchantId, mode: v.mode, baseUrl, callbackUsername, callbackPassword: encryptDelivery(callbackPassword)! } }),
		{ action: 'connections.paypro', after: { clientId: v.clientId, merchantId: v.merchantId, mode: v.mode, baseUrl, clientSecret: v.clientSecret ? 'replaced' : 'kept' } },
	)
}

/** Online payments go back to the built-in simulator (test payments on a deployed shop). */
export async function removePayPro(db: Db, actor: Actor) {
	requireOwner(actor)
	if (envPayProAccount()) throw new AppError('CONFLICT', M.payproEnv)
	await write(db, actor, (s) => ({ ...s, paypro: null }), { action: 'connections.paypro-removed' })
}

/** The owner connects (or changes) how emails leave the shop: Brevo's API or an SMTP server. */
export async function saveEmail(db: Db, actor: Actor, input: unknown) {
	requireOwner(actor)
	if (emailSetInEnvironment()) throw new AppError('CONFLICT', M.emailEnv)
	const parsed = emailConnectionInput.safeParse(input)
	if (!parsed.success) throw invalidInput(parsed.error)
	const v = parsed.data
	const current = savedEmail(await readStored(db))
	if (v.provider === 'brevo') {
		const brevoKey = v.brevoKey || (current?.provider === 'brevo' ? current.brevoKey : null)
		if (!brevoKey) throw new AppError('BAD_REQUEST', M.brevoKeyMissing, { brevoKey: M.brevoKeyMissing })
		await write(db, actor, (s) => ({ ...s, email: { provider: 'brevo', brevoKey: encryptDelivery(brevoKey), templateId: v.templateId, smtpUrl: null, from: v.from } }), {
			action: 'connections.email',
			after: { provider: 'brevo', templateId: v.templateId, from: v.from, brevoKey: v.brevoKey ? 'replaced' : 'kept' },
		})
		return
	}
	const smtpUrl = v.smtpUrl || (current?.provider === 'smtp' ? current.smtpUrl : null)
	if (!smtpUrl) throw new AppError('BAD_REQUEST', M.smtpUrlMissing, { smtpUrl: M.smtpUrlMissing })
	await requirePublicHost(new URL(smtpUrl).hostname, 'smtpUrl', M.smtpPrivate)
	await write(db, actor, (s) => ({ ...s, email: { provider: 'smtp', brevoKey: null, templateId: null, smtpUrl: encryptDelivery(smtpUrl), from: v.from } }), {
		action: 'connections.email',
		after: { provider: 'smtp', host: new URL(smtpUrl).host, from: v.from, smtpUrl: v.smtpUrl ? 'replaced' : 'kept' },
	})
}

/** Emails are kept in the outbox and the log again, never sent. */
export async function removeEmail(db: Db, actor: Actor) {
	requireOwner(actor)
	if (emailSetInEnvironment()) throw new AppError('CONFLICT', M.emailEnv)
	await write(db, actor, (s) => ({ ...s, email: null }), { action: 'connections.email-removed' })
}

/** The shop's public address, for every link it gives out; null forgets it. */
export async function savePublicUrl(db: Db, actor: Actor, input: unknown) {
	requireOwner(actor)
	if (env().PUBLIC_URL) throw new AppError('CONFLICT', M.publicUrlEnv)
	let url: string | null = null
	if (input !== null) {
		const parsed = publicUrlInput.safeParse(input)
		if (!parsed.success) throw invalidInput(parsed.error)
		url = parsed.data.publicUrl
		if (env().DEPLOYED && !url.startsWith('https://')) throw new AppError('BAD_REQUEST', M.publicUrlHttp, { publicUrl: M.publicUrlHttp })
	}
	await write(db, actor, (s) => ({ ...s, publicUrl: url }), { action: 'connections.public-url', after: { publicUrl: url } })
}

/** PATCH /api/admin/connections: each part sent is saved as its console form saves it. */
export async function patchConnections(db: Db, actor: Actor, body: unknown): Promise<ConnectionsView> {
	requireOwner(actor)
	const parsed = connectionsPatch.safeParse(body)
	if (!parsed.success) throw invalidInput(parsed.error)
	const { paypro, email, publicUrl } = parsed.data
	if (paypro === null) await removePayPro(db, actor)
	else if (paypro) await savePayPro(db, actor, { ...paypro, baseUrl: paypro.baseUrl ?? '', templateId: undefined })
	if (email?.provider === 'log') await removeEmail(db, actor)
	else if (email) await saveEmail(db, actor, { ...email, templateId: email.templateId == null ? '' : String(email.templateId) })
	if (publicUrl !== undefined) await savePublicUrl(db, actor, publicUrl === null ? null : { publicUrl })
	return readConnections(db)
}

const TEST_TIMEOUT_MS = 8000

/** The Test button of PayPro: its auth call with the account payments go to now, answered in a sentence. */
export async function testPayPro(): Promise<ConnectionTestAnswer> {
	const account = payproAccount()
	if (!account) return { ok: false, sentence: 'No PayPro account is connected: online payments go to the built-in simulator, and no money moves. Save your PayPro account first.' }
	const client = createPayProClient({ baseUrl: account.baseUrl, clientId: account.clientId, clientSecret: account.clientSecret, merchantId: account.merchantId, timeoutMs: TEST_TIMEOUT_MS })
	try {
		await client.checkCredentials()
		return { ok: true, sentence: `PayPro accepted the client id and secret at ${account.baseUrl}: buyers can pay online with this account now.` }
	} catch (error) {
		if (!isPayProError(error)) throw error
		if (error.kind === 'rejected') return { ok: false, sentence: `PayPro refused the client id and secret (${error.message}). Check them in PayPro’s merchant panel, and that the mode (sandbox or live) is the account’s.` }
		return { ok: false, sentence: `PayPro could not be reached at ${account.baseUrl} (${error.message}) Check the address, or try again in a minute.` }
	}
}

/** The Test button of email: one email to the owner, sent at once through the connected provider (not the outbox), its answer in a sentence. */
export async function testEmail(db: Db, to: string): Promise<ConnectionTestAnswer> {
	const provider = emailProvider()
	if (provider.name === 'log') return { ok: false, sentence: 'Email is not connected: emails are kept in the outbox and the log, never sent. Save Brevo or an SMTP server first.' }
	const { storeName } = await readStoreDetails(db)
	try {
		const { messageId } = await provider.send({
			idempotencyKey: `connection-test-${generated(9)}`,
			to: { email: to, name: null },
			from: emailFrom(),
			fromName: storeName,
			subject: `Test email from ${storeName}`,
			text: `This is a test email from ${storeName}'s console (${publicOrigin()}/admin/connections). If you can read it, buyers receive their sign-in codes, order emails and receipts.`,
			html: null,
			headers: null,
			templateId: null,
			params: {},
		})
		return { ok: true, sentence: `Sent a test email to ${to} through ${provider.name === 'brevo' ? 'Brevo' : 'the SMTP server'} (message ${messageId}). Check that inbox, and its spam folder.` }
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error)
		return { ok: false, sentence: `${provider.name === 'brevo' ? 'Brevo' : 'The SMTP server'} did not take the test email: ${reason.slice(0, 300)}` }
	}
}

/** The Test button of the public address: asks the shop there for its health check. */
export async function testPublicUrl(): Promise<ConnectionTestAnswer> {
	const url = publicOrigin()
	try {
		const res = await fetch(`${url}/healthz`, { redirect: 'manual', signal: AbortSignal.timeout(TEST_TIMEOUT_MS) })
		const body = res.ok ? await res.json().catch(() => null) : null
		if (body && typeof body === 'object' && (body as { status?: unknown }).status === 'ok') return { ok: true, sentence: `The shop answers at ${url}.` }
		return { ok: false, sentence: `Something answered at ${url}, but not this shop (HTTP ${res.status}). Point the address’s DNS and proxy at this server.` }
	} catch {
		return { ok: false, sentence: `Nothing answered at ${url} within ${TEST_TIMEOUT_MS / 1000} seconds. Point the address’s DNS and proxy at this server.` }
	}
}
