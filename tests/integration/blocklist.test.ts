// Blocked buyers (issue: money in and money out): the owner blocks an email, a phone number or a
// network address over the console API; a blocked buyer's checkout and sign-in are refused with a
// neutral sentence, another spelling of the same value is refused too, staff see each refusal
// counted on its block, and a lifted block lets the buyer in again. Over HTTP, on every database.
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { BLOCKED_CHECKOUT_MESSAGE, BLOCKED_SIGN_IN_MESSAGE, normaliseBlockValue } from '../../app/domain/buyers/blocklist'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { checkoutBody } from '../setup/payments'
import { databaseKinds } from '../setup/test-db'
import { useTestShop } from '../setup/test-shop'
import { inEnglish } from '../../app/i18n/english'

interface Block {
	id: number
	kind: string
	value: string
	note: string | null
	refusals: number
	lastRefusedAt: string | null
}

describe('a blocked value is compared in one form whatever its spelling', () => {
	it.each([
		['email', '  Ali.Raza@Example.PK ', 'ali.raza@example.pk'],
		['email', 'ａｌｉ@example.pk', 'ali@example.pk'],
		['phone', '+92 300-1234567', '03001234567'],
		['phone', '923001234567', '03001234567'],
		['address', '::ffff:203.0.113.7', '203.0.113.7'],
		['address', '2001:DB8::1', '2001:db8::1'],
	] as const)('%s %j is kept as %j', (kind, raw, kept) => {
		expect(normaliseBlockValue(kind, raw)).toBe(kept)
	})
	it.each([
		['email', 'not an email'],
		['phone', '12'],
		['address', '300.1.1.1'],
		['address', 'example.pk'],
		['email', 'a\u0000@example.pk'],
	] as const)('%s %j is not one', (kind, raw) => {
		expect(normaliseBlockValue(kind, raw)).toBeNull()
	})
})

describe.each(databaseKinds)('blocked buyers on %s', (kind) => {
	let db: Db
	let key: string
	const testShop = useTestShop(kind, 'blocklist', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', CHECKOUT_RATE_LIMIT: '1000' })

	beforeAll(async () => {
		db = testShop.shop.database.db
		key = (await createApiKey(db, 'Fraud desk', null, { scopes: ['blocklist'] })).key
	})

	const api = (method: string, path: string, json?: unknown) =>
		fetch(`${testShop.url}${path}`, {
			method,
			headers: { Origin: testShop.url, 'X-ADMIN-KEY': key, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
			body: json === undefined ? undefined : JSON.stringify(json),
		})
	const checkout = (extra: Record<string, unknown>, address = '198.51.100.10') =>
		fetch(`${testShop.url}/api/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
			body: JSON.stringify(checkoutBody(undefined, { paymentMethod: 'manual', ...extra })),
		})
	const signIn = (email: string, address = '198.51.100.11') =>
		fetch(`${testShop.url}/my-orders`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: testShop.url, 'X-Forwarded-For': address },
			body: new URLSearchParams({ intent: 'request', email }),
		})
	const ordersOf = async (email: string) => Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from orders where customer_email = ${email}`)).rows[0]!.n)
	const block = async (body: Record<string, unknown>) => {
		const res = await api('POST', '/api/admin/blocklist', body)
		expect(res.status).toBe(201)
		return (await res.json()) as Block
	}
	const listed = async () => ((await (await api('GET', '/api/admin/blocklist')).json()) as { blocks: Block[] }).blocks

	it('refuses a blocked email at checkout and sign-in, in any spelling, and counts each refusal for staff', async () => {
		const blocked = await block({ kind: 'email', value: 'Fraud.Buyer@Example.pk', note: 'Chargeback on an earlier order' })
		expect(blocked).toMatchObject({ kind: 'email', value: 'fraud.buyer@example.pk', note: 'Chargeback on an earlier order', refusals: 0 })

		const refused = await checkout({ customerEmail: 'FRAUD.BUYER@example.pk' })
		expect(refused.status).toBe(403)
		expect(((await refused.json()) as { error: string }).error).toBe(inEnglish(BLOCKED_CHECKOUT_MESSAGE))
		expect(await ordersOf('fraud.buyer@example.pk')).toBe(0)

		const signInPage = await signIn(' fraud.buyer@EXAMPLE.pk ')
		expect(signInPage.status).toBe(403)
		expect(await signInPage.text()).toContain(inEnglish(BLOCKED_SIGN_IN_MESSAGE))

		// Another buyer is untouched.
		expect((await checkout({ customerEmail: 'someone.else@example.pk' })).status).toBe(201)

		await expect.poll(async () => (await listed()).find((b) => b.id === blocked.id)?.refusals).toBe(2)
		expect((await listed()).find((b) => b.id === blocked.id)?.lastRefusedAt).toEqual(expect.any(String))
		const audit = await db.execute<{ action: string; actor: string }>(sql`select action, actor from audit_log where target = ${`block ${blocked.id}`}`)
		expect(audit.rows).toEqual([{ action: 'blocklist.add', actor: 'api key: Fraud desk' }])
	})

	it('refuses a blocked phone number written another way, and a blocked network address', async () => {
		await block({ kind: 'phone', value: '0345 7778899' })
		const byPhone = await checkout({ customerEmail: 'phone.buyer@example.pk', customerMobile: '+92-345-7778899' })
		expect(byPhone.status).toBe(403)
		expect(((await byPhone.json()) as { error: string }).error).toBe(inEnglish(BLOCKED_CHECKOUT_MESSAGE))

		await block({ kind: 'address', value: '203.0.113.99' })
		const byAddress = await checkout({ customerEmail: 'address.buyer@example.pk' }, '203.0.113.99')
		expect(byAddress.status).toBe(403)
		expect(((await byAddress.json()) as { error: string }).error).toBe(inEnglish(BLOCKED_CHECKOUT_MESSAGE))
		expect((await signIn('address.buyer@example.pk', '203.0.113.99')).status).toBe(403)
		expect(await ordersOf('phone.buyer@example.pk')).toBe(0)
		expect(await ordersOf('address.buyer@example.pk')).toBe(0)
	})

	it('refuses a second block of the same value and a value that is not one, with a sentence', async () => {
		await block({ kind: 'email', value: 'twice@example.pk' })
		const again = await api('POST', '/api/admin/blocklist', { kind: 'email', value: 'TWICE@example.pk' })
		expect(again.status).toBe(409)
		expect(((await again.json()) as { error: string }).error).toBe('That is already blocked.')
		for (const [body, sentence] of [
			[{ kind: 'phone', value: '12' }, 'Enter a Pakistani mobile number, like 0300 1234567.'],
			[{ kind: 'address', value: 'example.pk' }, 'Enter a network address, like 203.0.113.7 or 2001:db8::1.'],
			[{ kind: 'name', value: 'Ali' }, 'Choose what to block: an email, a phone number or a network address.'],
		] as const) {
			const res = await api('POST', '/api/admin/blocklist', body)
			expect(res.status).toBe(400)
			expect(((await res.json()) as { error: string }).error).toBe(sentence)
		}
	})

	it('lets the buyer in again once the block is lifted, and refuses keys without the blocklist scope', async () => {
		const blocked = await block({ kind: 'email', value: 'forgiven@example.pk' })
		expect((await checkout({ customerEmail: 'forgiven@example.pk' })).status).toBe(403)
		const lifted = await api('DELETE', `/api/admin/blocklist/${blocked.id}`)
		expect(lifted.status).toBe(200)
		expect((await checkout({ customerEmail: 'forgiven@example.pk' })).status).toBe(201)
		expect((await api('DELETE', `/api/admin/blocklist/${blocked.id}`)).status).toBe(404)

		const otherKey = (await createApiKey(db, 'Catalogue tool', null, { scopes: ['catalogue'] })).key
		const refused = await fetch(`${testShop.url}/api/admin/blocklist`, { headers: { 'X-ADMIN-KEY': otherKey } })
		expect(refused.status).toBe(403)
	})
})
