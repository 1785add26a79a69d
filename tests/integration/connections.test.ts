// The owner's connections over HTTP against the real server (ADR-048): PayPro, email and the public
// address saved on the console or through /api/admin/connections, each secret sealed and shown back by
// its last four characters only, tested with the real protocols (PayPro's auth call to a fake PayPro,
// a test email to a fake SMTP server), used at once without a restart, by every server sharing the
// database; an environment variable wins and the console says so.
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, storeSettings } from '../../app/db/schema'
import { CONNECTION_MESSAGES } from '../../app/domain/settings/connections'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { startFakePayPro } from '../fakes/paypro-server'
import { startFakeSmtp } from '../fakes/smtp-server'
import { checkoutBody } from '../setup/payments'
import { freshPostgresDatabase } from '../setup/postgres'
import { spawnShop } from '../setup/shop-process'
import { databaseKinds } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

const paypro = await startFakePayPro({ clientId: 'merchant-client-7Q2x', clientSecret: 'merchant-secret-9KfZ', merchantId: 'karachi-games' })
const smtp = await startFakeSmtp({ user: 'shop-mailer', password: 'mail-password-4471' })
afterAll(async () => {
	await paypro.close()
	await smtp.close()
})

const OWNER = { ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'owner-password-1' }

describe.each(databaseKinds)('connections on %s', (kind) => {
	const testShop = useTestShop(kind, 'connections', { ...OWNER, TRUST_PROXY: 'true', JOBS_WORKER: 'false' })
	let ip = 0
	const nextIp = () => `198.51.100.${++ip}`
	let ownerCookie: string
	let staffCookie: string

	beforeAll(async () => {
		await createStaff(testShop.db, { email: 'amna@example.pk', name: 'Amna', role: 'staff', password: 'amna-password-1' })
		ownerCookie = await signInOverHttp(testShop.url, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD, nextIp())
		staffCookie = await signInOverHttp(testShop.url, 'amna@example.pk', 'amna-password-1', nextIp())
	})

	const api = (method: string, path: string, body?: unknown, cookie = ownerCookie) =>
		fetch(`${testShop.url}${path}`, { method, headers: { Origin: testShop.url, Cookie: cookie, 'X-Forwarded-For': nextIp(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) })
	const page = (fields: Record<string, string>, cookie = ownerCookie) =>
		fetch(`${testShop.url}/admin/connections`, { method: 'POST', headers: { Origin: testShop.url, Cookie: cookie, 'X-Forwarded-For': nextIp(), 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })

	it('starts with nothing connected, and the owner connects PayPro: the secret sealed, shown by its last four, tested by PayPro’s auth call, and payments go to it at once', async () => {
		let res = await api('GET', '/api/admin/connections')
		expect(res.status).toBe(200)
		let view = await res.json()
		expect(view.paypro).toMatchObject({ source: 'none', clientId: null, clientSecret: null })
		expect(view.email).toMatchObject({ source: 'none', provider: 'log' })
		expect(view.publicUrl.source).toBe('none')
		res = await api('POST', '/api/admin/connections/paypro/test')
		expect(await res.json()).toMatchObject({ ok: false, sentence: expect.stringContaining('No PayPro account is connected') })
		// On the simulator, the checkout says payments are test payments.
		expect(await (await fetch(`${testShop.url}/checkout?product=1&duration=1+Month&accountType=shared&terms=agreed`)).text()).toContain('<strong>Test payments only.</strong>')

		// The console form, as the owner fills it in.
		res = await page({ intent: 'paypro-save', clientId: paypro.credentials.clientId, clientSecret: paypro.credentials.clientSecret, merchantId: paypro.credentials.merchantId, mode: 'sandbox', baseUrl: paypro.url })
		expect(res.status).toBe(200)
		const html = await res.text()
		expect(html).toContain('Saved the PayPro account.')
		expect(html).not.toContain(paypro.credentials.clientSecret)

		res = await api('GET', '/api/admin/connections')
		view = await res.json()
		expect(view.paypro).toMatchObject({ source: 'console', clientId: 'merchant-client-7Q2x', clientSecret: '…9KfZ', merchantId: 'karachi-games', baseUrl: paypro.url, mode: 'sandbox', callbackUrl: `${testShop.url}/paypro/uis` })
		expect(view.paypro.callbackUsername).toMatch(/^shop-/)
		expect(view.paypro.callbackPassword).toMatch(/^….{4}$/)
		// Sealed in the database, and audited without it.
		const [row] = await testShop.db.select().from(storeSettings).where(eq(storeSettings.key, 'connections'))
		expect(JSON.stringify(row!.value)).not.toContain(paypro.credentials.clientSecret)
		const audits = await testShop.db.select().from(auditLog).where(like(auditLog.action, 'connections.%'))
		expect(audits.map((a) => a.action)).toEqual(['connections.paypro'])
		expect(JSON.stringify(audits)).not.toContain(paypro.credentials.clientSecret)

		const authsBefore = paypro.calls('auth').length
		res = await api('POST', '/api/admin/connections/paypro/test')
		expect(await res.json()).toEqual({ ok: true, sentence: `PayPro accepted the client id and secret at ${paypro.url}: buyers can pay online with this account now.` })
		expect(paypro.calls('auth').slice(authsBefore)[0]!.body).toEqual({ clientid: 'merchant-client-7Q2x', clientsecret: 'merchant-secret-9KfZ' })

		// A buyer's online payment goes to the connected account, with no restart.
		res = await fetch(`${testShop.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() }, body: JSON.stringify(checkoutBody()) })
		expect(res.status).toBe(200)
		const { orderNumber, paymentUrl } = (await res.json()) as { orderNumber: string; paymentUrl: string }
		expect(paypro.order(orderNumber)).toBeTruthy()
		expect(paymentUrl.startsWith(paypro.url)).toBe(true)
		// With a real account the checkout no longer calls them test payments, and the simulator's pages are gone.
		expect(await (await fetch(`${testShop.url}/checkout?product=1&duration=1+Month&accountType=shared&terms=agreed`)).text()).not.toContain('<strong>Test payments only.</strong>')
		expect((await fetch(`${testShop.url}/paypro-sim/pay/1`)).status).toBe(404)

		// A wrong secret: PayPro's refusal in a sentence.
		res = await api('PATCH', '/api/admin/connections', { paypro: { clientId: 'merchant-client-7Q2x', clientSecret: 'not-the-secret', merchantId: 'karachi-games', baseUrl: paypro.url, mode: 'sandbox' } })
		expect(res.status).toBe(200)
		expect((await res.json()).paypro.clientSecret).toBe('…cret')
		res = await api('POST', '/api/admin/connections/paypro/test')
		expect(await res.json()).toMatchObject({ ok: false, sentence: expect.stringContaining('PayPro refused the client id and secret') })
		// The secret left out keeps the saved one.
		res = await api('PATCH', '/api/admin/connections', { paypro: { clientId: 'merchant-client-7Q2x', clientSecret: 'merchant-secret-9KfZ', merchantId: 'karachi-games', baseUrl: paypro.url, mode: 'sandbox' } })
		res = await api('PATCH', '/api/admin/connections', { paypro: { clientId: 'merchant-client-7Q2x', merchantId: 'karachi-games', baseUrl: paypro.url, mode: 'sandbox' } })
		expect((await res.json()).paypro.clientSecret).toBe('…9KfZ')
		expect((await (await api('POST', '/api/admin/connections/paypro/test')).json()).ok).toBe(true)
	})

	it('connects email through an SMTP server and sends the owner a test email at once', async () => {
		let res = await page({ intent: 'email-save', provider: 'smtp', smtpUrl: smtp.url, from: 'orders@karachigames.pk' })
		expect(res.status).toBe(200)
		expect(await res.text()).not.toContain(smtp.password)
		const view = await (await api('GET', '/api/admin/connections')).json()
		expect(view.email).toEqual({ source: 'console', provider: 'smtp', brevoKey: null, templateId: null, smtpUrl: `127.0.0.1:${smtp.port}`, from: 'orders@karachigames.pk' })

		res = await api('POST', '/api/admin/connections/email/test')
		const answer = await res.json()
		expect(answer).toMatchObject({ ok: true, sentence: expect.stringContaining('Sent a test email to owner@example.pk through the SMTP server') })
		const mail = smtp.to('owner@example.pk').at(-1)!
		expect(mail.from).toBe('orders@karachigames.pk')
		expect(mail.subject).toMatch(/^Test email from /)

		// A wrong password: the server's refusal in a sentence, nothing thrown.
		res = await api('PATCH', '/api/admin/connections', { email: { provider: 'smtp', smtpUrl: smtp.url.replace(smtp.password, 'wrong'), from: 'orders@karachigames.pk' } })
		expect(res.status).toBe(200)
		expect(await (await api('POST', '/api/admin/connections/email/test')).json()).toMatchObject({ ok: false, sentence: expect.stringContaining('The SMTP server did not take the test email') })
		await api('PATCH', '/api/admin/connections', { email: { provider: 'smtp', smtpUrl: smtp.url, from: 'orders@karachigames.pk' } })
	})

	it('refuses nonsense with a sentence beside its field, staff and API keys, and never answers a secret', async () => {
		let res = await page({ intent: 'public-url-save', publicUrl: 'javascript:alert(1)' })
		expect(res.status).toBe(400)
		expect(await res.text()).toContain(CONNECTION_MESSAGES.publicUrl)
		res = await api('PATCH', '/api/admin/connections', { publicUrl: 'https://karachigames.pk/shop?x=1' })
		expect(res.status).toBe(400)
		res = await api('PATCH', '/api/admin/connections', { email: { provider: 'brevo', from: 'orders@karachigames.pk' } })
		expect(res.status).toBe(400)
		expect((await res.json()).fieldErrors).toEqual({ brevoKey: CONNECTION_MESSAGES.brevoKeyMissing })
		res = await api('PATCH', '/api/admin/connections', { paypro: { clientId: 'x'.repeat(300), merchantId: 'm' } })
		expect(res.status).toBe(400)
		res = await api('PATCH', '/api/admin/connections', { paypro: { clientId: 'a\u0000b', merchantId: 'm' } })
		expect(res.status).toBe(400)
		res = await api('PATCH', '/api/admin/connections', { sneaky: true })
		expect(res.status).toBe(400)
		res = await fetch(`${testShop.url}/api/admin/connections`, { method: 'PATCH', headers: { Origin: testShop.url, Cookie: ownerCookie, 'Content-Type': 'text/plain' }, body: 'publicUrl=x' })
		expect(res.status).toBeGreaterThanOrEqual(400)
		expect(res.status).toBeLessThan(500)

		expect((await api('GET', '/api/admin/connections', undefined, staffCookie)).status).toBe(403)
		expect((await page({ intent: 'paypro-test' }, staffCookie)).status).toBe(403)
		expect((await (await fetch(`${testShop.url}/admin/connections`, { headers: { Cookie: staffCookie } })).status)).toBe(403)
		expect((await fetch(`${testShop.url}/api/admin/connections`, { headers: { 'X-ADMIN-KEY': 'not-a-key' } })).status).toBe(401)

		res = await page({ intent: 'public-url-save', publicUrl: 'https://karachigames.pk/' })
		expect(res.status).toBe(200)
		// Every link the shop gives out uses it now.
		expect(await (await fetch(`${testShop.url}/robots.txt`)).text()).toContain('Sitemap: https://karachigames.pk/sitemap.xml')

		// The owner's page shows the callback password whole, to paste; the API only its end; no other secret anywhere.
		const ownerPage = await (await fetch(`${testShop.url}/admin/connections`, { headers: { Cookie: ownerCookie } })).text()
		const json = await (await api('GET', '/api/admin/connections')).text()
		for (const text of [ownerPage, json]) {
			expect(text).not.toContain(paypro.credentials.clientSecret)
			expect(text).not.toContain(smtp.password)
		}
		expect(ownerPage).toContain('https://karachigames.pk/paypro/uis')
	})

	it('lets the environment win, and says so', async () => {
		await testShop.start({ ...OWNER, TRUST_PROXY: 'true', JOBS_WORKER: 'false', PUBLIC_URL: 'https://env.example.pk', PAYPRO_CLIENT_ID: 'env-client', PAYPRO_CLIENT_SECRET: 'env-secret-ABCD', PAYPRO_MERCHANT_ID: 'env-merchant', PAYPRO_CALLBACK_USERNAME: 'u', PAYPRO_CALLBACK_PASSWORD: 'p-password', PAYPRO_BASE_URL: paypro.url })
		ownerCookie = await signInOverHttp(testShop.url, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD, nextIp())
		const view = await (await api('GET', '/api/admin/connections')).json()
		expect(view.paypro).toMatchObject({ source: 'environment', clientId: 'env-client', clientSecret: '…ABCD' })
		expect(view.publicUrl).toEqual({ source: 'environment', url: 'https://env.example.pk' })
		expect(view.email.source).toBe('console')
		let res = await api('PATCH', '/api/admin/connections', { publicUrl: 'https://karachigames.pk' })
		expect(res.status).toBe(409)
		expect((await res.json()).error).toBe(CONNECTION_MESSAGES.publicUrlEnv)
		res = await page({ intent: 'paypro-save', clientId: 'a', clientSecret: 'b', merchantId: 'c' })
		expect(res.status).toBe(409)
		const html = await (await fetch(`${testShop.url}/admin/connections`, { headers: { Cookie: ownerCookie } })).text()
		expect(html).toContain('Set in the server’s environment')
		await testShop.start({ ...OWNER, TRUST_PROXY: 'true', JOBS_WORKER: 'false' })
	})
})

describe.runIf(process.env.TEST_DATABASE_URL)('connections on several servers', () => {
	it('a change saved on one server is used by another at once, without a restart', async () => {
		const databaseUrl = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'connections_several')
		const first = await spawnShop({ DATABASE_URL: databaseUrl, ...OWNER, TRUST_PROXY: 'true' })
		const second = await spawnShop({ DATABASE_URL: databaseUrl, ...OWNER, TRUST_PROXY: 'true', JOBS_WORKER: 'false' })
		try {
			const cookie = await signInOverHttp(first.url, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD, '198.51.100.200')
			const res = await fetch(`${first.url}/api/admin/connections`, {
				method: 'PATCH',
				headers: { Origin: first.url, Cookie: cookie, 'Content-Type': 'application/json' },
				body: JSON.stringify({ publicUrl: 'https://karachigames.pk', paypro: { clientId: paypro.credentials.clientId, clientSecret: paypro.credentials.clientSecret, merchantId: paypro.credentials.merchantId, baseUrl: paypro.url, mode: 'sandbox' } }),
			})
			expect(res.status).toBe(200)
			await expect.poll(async () => (await fetch(`${second.url}/robots.txt`)).text(), { timeout: 5000 }).toContain('Sitemap: https://karachigames.pk/sitemap.xml')
			const placed = await fetch(`${second.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.201' }, body: JSON.stringify(checkoutBody()) })
			expect(placed.status).toBe(200)
			const { orderNumber } = (await placed.json()) as { orderNumber: string }
			expect(paypro.order(orderNumber)).toBeTruthy()
		} finally {
			await Promise.all([first.stop(), second.stop()])
		}
	})
})
