// Proving who you are (product decision 3; issue: buyers find their orders again, safely): typing an
// order's email on its page unlocks nothing by itself, it sends a one-time link and a 6-digit code
// to the address on the order; the link works once and not after 15 minutes; another address gets
// the same answer and no mail, in the same time; requests are limited per network address and per email
// address (the buyer's emails keep working), codes per address and per code; codes and links are masked in the console; the link's
// `next` never leaves the shop. Over HTTP against the real server, on PGlite and PostgreSQL.
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buyerSignIns, emailOutbox } from '../../app/db/schema'
import { BUYER_SIGN_IN_MESSAGES, LIVE_SIGN_INS_PER_ADDRESS, requestBuyerSignIn } from '../../app/domain/buyers/sign-in.server'
import { listOutbox, outboxEmailPreview } from '../../app/domain/email/list-outbox.server'
import { openEmail } from '../../app/domain/email/sealed-email.server'
import type { RunningShop } from '../../server/start'
import { checkoutBody, placeOrder } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'
import { startFakeBrevo, type FakeBrevo } from '../fakes/brevo-server'
import { databaseKinds, resetData, testDatabase } from '../setup/test-db'
import { inEnglish } from '../../app/i18n/english'

const json = { 'Content-Type': 'application/json', Accept: 'application/json' }
let addresses = 0
/** Each test asks from its own network address, so the per-address limit is the one under test only where it is meant to be. */
const nextAddress = () => `203.0.113.${++addresses}`

describe.each(databaseKinds)('buyer sign-in on %s', (kind) => {
	let shop: RunningShop
	let brevo: FakeBrevo
	// The shop mails through a fake Brevo of its own: the test reads what a buyer would receive.
	const testShop = useTestShop(kind, 'buyer_sign_in', {}, { start: false })
	beforeAll(async () => {
		brevo = await startFakeBrevo()
		shop = await testShop.start({ CHECKOUT_RATE_LIMIT: '1000', TRUST_PROXY: 'true', EMAIL_PROVIDER: 'brevo', BREVO_API_KEY: brevo.apiKey, BREVO_BASE_URL: brevo.url })
	})
	afterAll(async () => {
		await brevo?.close()
	})

	/** A transfer order placed over HTTP; its order cookie is dropped, as on another device. */
	async function order(email: string) {
		const res = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: json, body: JSON.stringify(checkoutBody(undefined, { customerEmail: email, paymentMethod: 'manual' })) })
		expect(res.status).toBe(201)
		return ((await res.json()) as { orderNumber: string }).orderNumber
	}
	const unlock = (orderNumber: string, email: string, address = nextAddress()) =>
		fetch(`${shop.url}/api/order/unlock`, { method: 'POST', headers: { ...json, 'X-Forwarded-For': address }, body: JSON.stringify({ orderNumber, email }) })
	const signInEmails = (to: string) =>
		shop.database.db
			.select()
			.from(emailOutbox)
			.where(and(like(emailOutbox.dedupeKey, 'sign-in:%'), eq(emailOutbox.toEmail, to)))
			.then((rows) => rows.map(openEmail))
	const orderView = async (orderNumber: string, cookie = '') =>
		((await (await fetch(`${shop.url}/api/order?internalOrderId=${orderNumber}`, { headers: { cookie } })).json()) as { order: { full: boolean; customerEmail?: string } }).order
	const verify = (fields: Record<string, string>, address = nextAddress()) =>
		fetch(`${shop.url}/my-orders/verify`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address },
			body: new URLSearchParams(fields),
		})
	const sessionCookie = (res: Response) => /buyer_session=([\w-]+)/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? null
	/** The token in the emailed link, as the buyer's mail app would open it. */
	const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

	it("sends a link and a code to the order's address and unlocks nothing by itself; another address gets the same answer and no mail", async () => {
		const orderNumber = await order('sana.k@example.pk')
		const typed = await unlock(orderNumber, '  Sana.K@Example.PK ')
		expect(typed.status).toBe(200)
		expect(typed.headers.get('set-cookie')).toBeNull()
		const typedBody = await typed.json()
		expect(typedBody).toEqual({ ok: true, message: inEnglish(BUYER_SIGN_IN_MESSAGES.sent) })
		// Knowing the number and the address shows nothing more than the number alone.
		expect(await orderView(orderNumber)).toMatchObject({ full: false })
		expect((await orderView(orderNumber)).customerEmail).toBeUndefined()

		const [mail, ...more] = await signInEmails('sana.k@example.pk')
		expect(more).toEqual([])
		expect(mail!.subject).toMatch(/^\d{6} is your .+ sign-in code$/)
		expect(mail!.params.CODE).toMatch(/^\d{6}$/)
		expect(mail!.text).toContain(orderNumber)
		expect(mail!.html).toContain(mail!.params.CODE)
		const link = new URL(mail!.params.SIGN_IN_URL!)
		expect(link.pathname).toBe('/my-orders/verify')
		expect(link.searchParams.get('next')).toBe(`/order-status?internalOrderId=${orderNumber}`)
		// The row keeps hashes only.
		const [row] = await shop.database.db.select().from(buyerSignIns).where(eq(buyerSignIns.email, 'sana.k@example.pk'))
		expect(JSON.stringify(row)).not.toContain(tokenOf(link.toString()))
		expect(JSON.stringify(row)).not.toContain(mail!.params.CODE)

		const stranger = await unlock(orderNumber, 'classmate@example.pk')
		expect(stranger.status).toBe(typed.status)
		expect(await stranger.json()).toEqual(typedBody)
		expect(await signInEmails('classmate@example.pk')).toEqual([])
		// An address that is on another order, typed on this one, gets no mail either.
		await order('bilal@example.pk')
		expect(await (await unlock(orderNumber, 'bilal@example.pk')).json()).toEqual(typedBody)
		expect(await signInEmails('bilal@example.pk')).toEqual([])
	})

	it('opens the order with the link once: the page asks for a click, the click signs in, a second use is refused', async () => {
		const orderNumber = await order('hamza@example.pk')
		await unlock(orderNumber, 'hamza@example.pk')
		const [mail] = await signInEmails('hamza@example.pk')
		const link = new URL(mail!.params.SIGN_IN_URL!)

		// Opening the link (a mail scanner does too) uses nothing: the page asks for one click.
		const page = await fetch(`${shop.url}${link.pathname}${link.search}`)
		expect(page.status).toBe(200)
		expect(page.headers.get('set-cookie')).toBeNull()
		expect(await page.text()).toContain('Sign in')

		const next = link.searchParams.get('next')!
		const first = await verify({ token: tokenOf(link.toString()), next })
		expect(first.status).toBe(303)
		expect(first.headers.get('location')).toBe(next)
		const cookie = sessionCookie(first)!
		expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/)
		expect(first.headers.get('set-cookie')).toMatch(/Max-Age=2592000/)
		expect(await orderView(orderNumber, cookie)).toMatchObject({ full: true, customerEmail: 'hamza@example.pk' })
		// The buyer's session is not the order's cookie of another address.
		const other = await order('not-hamza@example.pk')
		expect(await orderView(other, cookie)).toMatchObject({ full: false })

		const again = await verify({ token: tokenOf(link.toString()), next })
		expect(again.status).toBe(400)
		expect(sessionCookie(again)).toBeNull()
		expect(await again.text()).toContain('This sign-in link has expired or was used already.')
	})

	it('refuses a link after 15 minutes', async () => {
		const orderNumber = await order('late@example.pk')
		await unlock(orderNumber, 'late@example.pk')
		const [mail] = await signInEmails('late@example.pk')
		// Sixteen minutes later.
		await shop.database.db.update(buyerSignIns).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(buyerSignIns.email, 'late@example.pk'))
		const res = await verify({ token: tokenOf(mail!.params.SIGN_IN_URL!), next: '/my-orders' })
		expect(res.status).toBe(400)
		expect(sessionCookie(res)).toBeNull()
	})

	it('takes the code typed on another device once, and ends it after five wrong tries', async () => {
		const orderNumber = await order('ayesha@example.pk')
		await unlock(orderNumber, 'ayesha@example.pk')
		const [mail] = await signInEmails('ayesha@example.pk')
		const code = mail!.params.CODE!
		const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')

		const miss = await verify({ email: 'ayesha@example.pk', code: wrong, next: '/my-orders' })
		expect(miss.status).toBe(400)
		expect(await miss.text()).toContain('That code is not right')
		const hit = await verify({ email: 'Ayesha@Example.pk', code: code.replace(/(\d{3})/, '$1 '), next: `/order-status?internalOrderId=${orderNumber}` })
		expect(hit.status).toBe(303)
		expect(await orderView(orderNumber, sessionCookie(hit)!)).toMatchObject({ full: true })
		expect((await verify({ email: 'ayesha@example.pk', code, next: '/my-orders' })).status).toBe(400)

		// A new code, guessed at: five misses end it, and the right one is refused after.
		await unlock(orderNumber, 'ayesha@example.pk')
		const latest = (await signInEmails('ayesha@example.pk')).sort((a, b) => b.id - a.id)[0]!
		const fresh = latest.params.CODE!
		const guess = String((Number(fresh) + 7) % 1_000_000).padStart(6, '0')
		for (let i = 0; i < 5; i++) expect((await verify({ email: 'ayesha@example.pk', code: guess, next: '/my-orders' })).status).toBe(400)
		expect((await verify({ email: 'ayesha@example.pk', code: fresh, next: '/my-orders' })).status).toBe(400)
	})

	it('limits sign-in emails per email address and per network address, never the order: the buyer’s emails keep working', async () => {
		const orderNumber = await order('limits@example.pk')
		// Strangers guessing at the order's address, each from their own network address: no limit on the order.
		for (let i = 0; i < 8; i++) expect((await unlock(orderNumber, `guess${i}@example.pk`)).status).toBe(200)
		// Strangers asking for the buyer's own address: the buyer gets at most three live emails.
		for (let i = 0; i < 4; i++) expect((await unlock(orderNumber, 'limits@example.pk')).status).toBe(200)
		const mails = await signInEmails('limits@example.pk')
		expect(mails).toHaveLength(LIVE_SIGN_INS_PER_ADDRESS)
		// A stranger typing codes, from many network addresses: each code ends after five misses, the buyer's links still work.
		for (let i = 0; i < 40; i++) expect((await verify({ email: 'limits@example.pk', code: '000000', next: '/my-orders' })).status).toBe(400)
		const used = await verify({ token: tokenOf(mails[0]!.params.SIGN_IN_URL!), next: '/my-orders' })
		expect(used.status).toBe(303)
		expect(sessionCookie(used)).not.toBeNull()
		// Once that email is used, the buyer can ask for another at once: the fifth of the hour.
		expect((await unlock(orderNumber, 'limits@example.pk')).status).toBe(200)
		expect(await signInEmails('limits@example.pk')).toHaveLength(LIVE_SIGN_INS_PER_ADDRESS + 1)
		// The sixth in the hour, from anywhere, is refused with when to try again: the shop mails no one without end.
		const refused = await unlock(orderNumber, 'limits@example.pk')
		expect(refused.status).toBe(429)
		expect(((await refused.json()) as { error: string }).error).toMatch(/try again in \d+ minutes/)
		expect(await signInEmails('limits@example.pk')).toHaveLength(LIVE_SIGN_INS_PER_ADDRESS + 1)

		// One network address asking again and again: the 21st request is refused.
		const address = nextAddress()
		const statuses = []
		for (let i = 0; i < 21; i++) statuses.push((await unlock(orderNumber, `each${i}@example.pk`, address)).status)
		expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true)
		expect(statuses[20]).toBe(429)
	})

	it('answers an address with orders and one without in the same time: the same work either way', async () => {
		// The test's own database, with no job worker listening: the email sent after one call must not slow the next.
		const database = await testDatabase(kind)
		await resetData(database)
		const db = database.db
		const pairs = 25
		const numbers: string[] = []
		for (let i = 0; i < pairs; i++) numbers.push((await placeOrder(db, checkoutBody(undefined, { customerEmail: `timing${i}@example.pk`, paymentMethod: 'manual' }))).orderNumber)
		const timed = async (email: string, orderNumber: string) => {
			const started = performance.now()
			await requestBuyerSignIn(db, { email, orderNumber, clientIp: nextAddress(), next: null })
			return performance.now() - started
		}
		// Warm both paths first.
		await timed('warm@example.pk', numbers[0]!)
		const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
		/** One round of pairs: the median gap between the halves of a pair, and a typical time. */
		const round = async (r: number) => {
			const withOrders: number[] = []
			const without: number[] = []
			for (let i = 0; i < pairs; i++) {
				// Alternating which goes first, so neither always follows the other.
				const first = (i + r) % 2 ? 'with' : 'without'
				for (const which of first === 'with' ? ['with', 'without'] : ['without', 'with']) {
					if (which === 'with') withOrders.push(await timed(`timing${i}@example.pk`, numbers[i]!))
					else without.push(await timed(`nobody${i}-${r}@example.pk`, numbers[i]!))
				}
			}
			// Paired: each pair ran back to back, so a slow moment of the machine slows both of its halves.
			return { gap: median(withOrders.map((t, i) => t - without[i]!)), typical: median([...withOrders, ...without]) }
		}
		// A busy machine can spoil one round; a real difference (the work skipped for an address without
		// orders) shows in every round.
		const rounds = []
		for (let r = 0; r < 3; r++) {
			const result = await round(r)
			rounds.push(result)
			if (Math.abs(result.gap) < Math.max(3, 0.2 * result.typical)) break
		}
		const last = rounds.at(-1)!
		expect(Math.abs(last.gap), `median gaps ${rounds.map((x) => `${x.gap.toFixed(2)} ms of ${x.typical.toFixed(2)} ms`).join(', ')}`).toBeLessThan(Math.max(3, 0.2 * last.typical))
		// And only the address with orders got an email.
		const queued = await db.select({ to: emailOutbox.toEmail }).from(emailOutbox).where(like(emailOutbox.dedupeKey, 'sign-in:%'))
		expect(queued.every((e) => e.to.startsWith('timing'))).toBe(true)
		expect(new Set(queued.map((e) => e.to)).size).toBe(pairs)
	})

	it('never shows a code or sign-in link in the console: the outbox list and preview mask them, the queued email keeps them', async () => {
		const orderNumber = await order('masked@example.pk')
		await unlock(orderNumber, 'masked@example.pk')
		const [mail] = await signInEmails('masked@example.pk')
		const code = mail!.params.CODE!
		const token = tokenOf(mail!.params.SIGN_IN_URL!)
		expect(mail!.text).toContain(code)
		expect(mail!.html).toContain(token)
		const preview = await outboxEmailPreview(shop.database.db, mail!.id)
		const shown = JSON.stringify(preview)
		expect(shown).not.toContain(code)
		expect(shown).not.toContain(token)
		expect(preview!.text).toContain('Or type this code on the page: ••••••')
		const listed = (await listOutbox(shop.database.db)).find((e) => e.id === mail!.id)
		expect(JSON.stringify(listed)).not.toContain(code)
	})

	it('keeps the code and the link sealed in the outbox: the stored row has neither, the email sent has both, the console masks them', async () => {
		const orderNumber = await order('sealed@example.pk')
		await unlock(orderNumber, 'sealed@example.pk')
		const [mail] = await signInEmails('sealed@example.pk')
		const code = mail!.params.CODE!
		const token = tokenOf(mail!.params.SIGN_IN_URL!)
		expect(code).toMatch(/^\d{6}$/)
		// The row as the database holds it, read with SQL.
		const raw = await shop.database.db.execute(sql`select subject, text, html, params::text as params from email_outbox where id = ${mail!.id}`)
		const stored = JSON.stringify(raw.rows)
		expect(stored).not.toContain(code)
		expect(stored).not.toContain(token)
		expect(stored).not.toContain('sign-in code')
		// The buyer still gets the real code and link: the email Brevo receives carries them.
		let sent: string | undefined
		// The job worker sends it moments after it was queued (longer on a busy machine).
		for (let i = 0; i < 600 && !sent; i++) {
			sent = brevo
				.sent()
				.map((r) => JSON.stringify(r.body))
				.find((body) => body.includes('sealed@example.pk') && body.includes('sign-in code'))
			if (!sent) await new Promise((r) => setTimeout(r, 100))
		}
		expect(sent).toContain(`${code} is your`)
		expect(sent).toContain(`Or type this code on the page: ${code}`)
		expect(sent).toContain(token)
		// The console: masked in the list and the preview.
		const listed = (await listOutbox(shop.database.db)).find((e) => e.id === mail!.id)
		expect(listed!.subject).toMatch(/^•••••• is your .+ sign-in code$/)
		const preview = await outboxEmailPreview(shop.database.db, mail!.id)
		expect(preview!.text).toContain('Or type this code on the page: ••••••')
		expect(JSON.stringify(preview)).not.toContain(code)
		expect(JSON.stringify(preview)).not.toContain(token)
	}, 90_000)

	it('sends a page without scripts back to the order with the code form, and never leaves the shop after signing in', async () => {
		const orderNumber = await order('noscript@example.pk')
		const form = await fetch(`${shop.url}/api/order/unlock`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': nextAddress() },
			body: new URLSearchParams({ orderNumber, email: 'noscript@example.pk' }),
		})
		expect(form.status).toBe(303)
		const back = form.headers.get('location')!
		expect(back).toBe(`/order-status?internalOrderId=${orderNumber}&signIn=sent&email=noscript%40example.pk`)
		const page = await (await fetch(`${shop.url}${back}`)).text()
		expect(page).toContain('6-digit code')

		const [mail] = await signInEmails('noscript@example.pk')
		for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
			await unlock(orderNumber, 'noscript@example.pk')
			const latest = (await signInEmails('noscript@example.pk')).sort((a, b) => b.id - a.id)[0]!
			const res = await verify({ token: tokenOf(latest.params.SIGN_IN_URL!), next })
			expect(res.status).toBe(303)
			expect(res.headers.get('location')).toBe('/my-orders')
		}
		expect(mail).toBeDefined()
	})

	it('answers hostile sign-in input with a 4xx, never a 500', async () => {
		const orderNumber = await order('hostile@example.pk')
		const cases: [string, RequestInit][] = [
			['NUL in the email', { method: 'POST', headers: json, body: JSON.stringify({ orderNumber, email: 'a\u0000@example.pk' }) }],
			['an email that is not one', { method: 'POST', headers: json, body: JSON.stringify({ orderNumber, email: 'not an email' }) }],
			['an email as a number', { method: 'POST', headers: json, body: JSON.stringify({ orderNumber, email: 42 }) }],
			['a 100 KB body', { method: 'POST', headers: json, body: JSON.stringify({ orderNumber, email: 'a'.repeat(100_000) }) }],
			['broken JSON', { method: 'POST', headers: json, body: '{"orderNumber":' }],
		]
		for (const [name, init] of cases) {
			const res = await fetch(`${shop.url}/api/order/unlock`, { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Forwarded-For': nextAddress() } })
			expect(res.status, name).toBeGreaterThanOrEqual(400)
			expect(res.status, name).toBeLessThan(500)
		}
		for (const body of ['[]', 'null', '"text"', '{"email":"a@b.pk"}', '{"orderNumber":7,"email":"a@b.pk"}']) {
			const res = await fetch(`${shop.url}/api/order/unlock`, { method: 'POST', headers: { ...json, 'X-Forwarded-For': nextAddress() }, body })
			expect(res.status, body).toBe(400)
			expect((await res.json()).error, body).toMatch(/^(Please send the order number and the email address you used at checkout\.|Order number is required)$/)
		}
		const verifies: Record<string, string>[] = [
			{ token: 'x'.repeat(5000) },
			{ token: 'short' },
			{ token: '\u0000'.repeat(30) },
			{ email: 'hostile@example.pk', code: '12345\u0000' },
			{ email: 'hostile@example.pk', code: '9'.repeat(400) },
			{ email: '', code: '' },
		]
		for (const fields of verifies) {
			const res = await verify(fields)
			expect(res.status, JSON.stringify(fields).slice(0, 60)).toBeGreaterThanOrEqual(400)
			expect(res.status).toBeLessThan(500)
		}
		const json415 = await fetch(`${shop.url}/my-orders/verify`, { method: 'POST', headers: json, body: '{"token":"x"}' })
		expect(json415.status).toBeGreaterThanOrEqual(400)
		expect(json415.status).toBeLessThan(500)
		// A malformed or unknown buyer session is nobody, not an error.
		for (const cookie of ['buyer_session=%E0%A4%A', 'buyer_session=' + 'a'.repeat(4000), 'buyer_session=unknown-session-id-000000000000']) {
			const res = await fetch(`${shop.url}/api/order?internalOrderId=${orderNumber}`, { headers: { cookie } })
			expect(res.status).toBe(200)
			expect(await res.json()).toMatchObject({ order: { full: false } })
		}
	})
})
