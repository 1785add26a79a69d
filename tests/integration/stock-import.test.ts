// Stock import and management (issue: codes and accounts delivered from stock): importing codes and
// accounts through the console API with X-ADMIN-KEY, duplicates refused without decrypting (however a
// code is spaced or cased, and against units already sold), slots per account, counts per option,
// voiding, secrets kept out of the audit log, and a 'stock_only' option out of stock refused at checkout.
import fs from 'node:fs'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, stockUnits } from '../../app/db/schema'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { setStaffGrants } from '../../app/domain/staff/set-staff-grants.server'
import { listUnits, revealUnit, setLowStockThreshold, setStockMode, stockAvailability, voidUnit } from '../../app/domain/stock/manage-stock.server'
import { refingerprintStock } from '../../app/domain/stock/refingerprint-stock.server'
import { fingerprintOf, sealUnit } from '../../app/domain/stock/stock-crypto.server'
import { normaliseCode } from '../../app/domain/stock/stock-normalise.server'
import type { RunningShop } from '../../server/start'
import { payByTransfer } from '../setup/orders'
import { checkoutBody, checkoutOverHttp, placeOrder } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'
import { withoutScripts } from '../setup/page-text'

const OWNER = { email: 'owner@example.pk', password: 'stock-owner-password' }
const actor = { label: 'owner@example.pk' }
const ownerStaff = { id: 1, email: 'owner@example.pk', role: 'owner' as const, grants: [] }

interface Product {
	id: number
	variants: { id: number; label: string; accountType: 'private' | 'shared' | null }[]
}
interface Counts {
	stockMode: string
	variants: { variantId: number; label: string; available: number; sold: number; voided: number; lowStockThreshold: number; low: boolean }[]
}

describe.each(databaseKinds)('stock import on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	let key: string

	const call = (method: string, url: string, json?: unknown, headers: Record<string, string> = { 'X-ADMIN-KEY': key }) =>
		fetch(`${shop.url}${url}`, {
			method,
			headers: { Origin: shop.url, ...headers, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
			body: json !== undefined ? JSON.stringify(json) : undefined,
		})

	const createProduct = async (name: string, variants: unknown[]) => {
		const res = await call('POST', '/api/admin/products', { name, platform: 'playstation', kind: 'gift_card', description: 'Delivered by email.', variants })
		expect(res.status).toBe(201)
		return (await res.json()) as Product
	}
	const counts = async (productId: number) => (await (await call('GET', `/api/admin/products/${productId}/stock`)).json()) as Counts

	const testShop = useTestShop(kind, 'stock', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
		key = (await createApiKey(db, 'Stock sheet', null)).key
	})


	it('imports codes, refuses the same code spaced or cased differently and one already sold, and counts per option', async () => {
		const product = await createProduct('PSN Card (stock)', [
			{ label: '$10', value: 10, price: 3200 },
			{ label: '$25', value: 25, price: 7800 },
		])
		const [ten, twentyFive] = product.variants
		expect((await counts(product.id)).stockMode).toBe('manual')

		const first = await call('POST', `/api/admin/products/${product.id}/stock`, {
			variantId: ten!.id,
			units: [{ code: 'ABCD-EFGH-1234' }, { code: 'WXYZ-0000-9999' }, { code: 'abcd efgh 1234' }, { code: '   ' }, { code: 'QQQQ-1111-2222' }],
		})
		expect(first.status).toBe(201)
		expect(await first.json()).toEqual({
			added: 3,
			duplicates: 1,
			refused: [
				{ line: 3, reason: 'duplicate of line 1 in this import' },
				{ line: 4, reason: 'empty: no code on this line' },
			],
			skipped: [{ line: 4, reason: 'empty: no code on this line' }],
			notes: [],
			waiting: 0,
			// The first units change how the product is delivered: said, not done silently.
			modeChange: {
				from: 'manual',
				to: 'stock_or_manual',
				message: 'PSN Card (stock) now delivers from stock, else by hand: buyers get a unit at payment while stock lasts. Choose “Manual” under Delivery to keep delivering by hand.',
			},
		})
		expect((await counts(product.id)).stockMode).toBe('stock_or_manual')

		// One of them is sold: a transfer for the $10 option, confirmed by staff, takes the oldest unit.
		const soldOrder = await payByTransfer(db, await placeOrder(db, checkoutBody([{ id: product.id, quantity: 1, variantId: ten!.id }], { paymentMethod: 'manual' })))
		const [sold] = await db.select().from(stockUnits).where(and(eq(stockUnits.productId, product.id), eq(stockUnits.status, 'used')))
		expect(sold!.id).toBe((await db.select().from(stockUnits).where(eq(stockUnits.productId, product.id)).orderBy(stockUnits.id).limit(1))[0]!.id)
		const again = await call('POST', `/api/admin/products/${product.id}/stock`, { variantId: ten!.id, units: [{ code: 'abcdefgh1234' }, { code: 'NEW-CODE-7777' }] })
		expect(await again.json()).toEqual({ added: 1, duplicates: 1, refused: [{ line: 1, reason: `already in this product’s stock (unit ${sold!.id})` }], skipped: [], notes: [], waiting: 0, modeChange: null })

		const after = await counts(product.id)
		expect(after.stockMode).toBe('stock_or_manual')
		expect(after.variants).toEqual([
			{ variantId: ten!.id, label: '$10', hidden: false, available: 3, sold: 1, voided: 0, lowStockThreshold: 3, low: true },
			{ variantId: twentyFive!.id, label: '$25', hidden: false, available: 0, sold: 0, voided: 0, lowStockThreshold: 3, low: true },
		])

		// The list shows units masked, with the order a unit went to; a reveal is audited by id.
		const listed = await listUnits(db, product.id, {})
		expect(listed.total).toBe(4)
		const soldListed = listed.units.find((u) => u.id === sold!.id)!
		expect(soldListed.masked).toBe('•••• 1234')
		expect(soldListed.orders).toEqual([{ orderNumber: soldOrder.orderNumber, slot: 1, replaced: false }])
		expect(await revealUnit(db, ownerStaff, product.id, sold!.id)).toEqual({ kind: 'code', code: 'ABCD-EFGH-1234' })

		// Voiding: an unsold unit is voided and no longer counted; a sold one is refused.
		const unsold = listed.units.find((u) => u.masked === '•••• 9999')!
		await voidUnit(db, actor, product.id, unsold.id, 'Already redeemed')
		await expect(voidUnit(db, actor, product.id, sold!.id, 'Bad')).rejects.toThrow('Every slot of this unit was sold')
		await setLowStockThreshold(db, actor, product.id, ten!.id, 1)
		expect((await counts(product.id)).variants[0]).toMatchObject({ available: 2, sold: 1, voided: 1, lowStockThreshold: 1, low: false })

		// Nothing secret in the audit log: only counts and unit ids.
		const entries = await db.select().from(auditLog).where(eq(auditLog.target, `product ${product.id}`)).orderBy(auditLog.id)
		expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['stock.mode', 'stock.import', 'stock.void', 'stock.reveal', 'stock.threshold']))
		// The switch from manual is its own entry, once: the second import changed nothing.
		expect(entries.filter((e) => e.action === 'stock.mode').map((e) => [e.before, e.after, e.note])).toEqual([
			[{ stockMode: 'manual' }, { stockMode: 'stock_or_manual' }, 'The first units were imported: delivered from stock, else by hand.'],
		])
		const written = JSON.stringify(entries).toUpperCase()
		for (const secret of ['ABCDEFGH1234', 'ABCD-EFGH', '0000-9999', 'QQQQ', 'NEW-CODE']) expect(written).not.toContain(secret)
		const [stored] = await db.select().from(stockUnits).where(eq(stockUnits.id, sold!.id))
		expect(stored!.secret).not.toContain('ABCD')
		expect(stored!.keyId).toMatch(/^[0-9a-f]{12}$/)
	})

	it('imports accounts with two slots on a shared option, one per private, and a slot count per account', async () => {
		const product = await createProduct('Game Pass accounts (stock)', [
			{ label: 'Private 1 Month', months: 1, accountType: 'private', price: 2600 },
			{ label: 'Shared 1 Month', months: 1, accountType: 'shared', price: 1600 },
		])
		const [priv, shared] = product.variants
		const sharedRes = await call('POST', `/api/admin/products/${product.id}/stock`, {
			variantId: shared!.id,
			units: [
				{ login: 'ali@example.pk', password: 'pw-1' },
				{ login: 'sara@example.pk', password: 'pw-2', notes: 'Sign in on console', slots: 3 },
				{ login: ' ALI@example.pk ', password: 'pw-other' },
				{ login: 'nopass@example.pk', password: '' },
				{ login: ' ', password: '' },
			],
		})
		expect(await sharedRes.json()).toEqual({
			added: 2,
			duplicates: 1,
			refused: [
				{ line: 3, reason: 'duplicate of line 1 in this import' },
				{ line: 4, reason: 'no password' },
				{ line: 5, reason: 'empty: no account on this line' },
			],
			skipped: [
				{ line: 4, reason: 'no password' },
				{ line: 5, reason: 'empty: no account on this line' },
			],
			notes: [],
			waiting: 0,
			modeChange: expect.objectContaining({ from: 'manual', to: 'stock_or_manual' }),
		})
		const privRes = await call('POST', `/api/admin/products/${product.id}/stock`, { variantId: priv!.id, units: [{ login: 'bilal@example.pk', password: 'pw-3' }] })
		expect(await privRes.json()).toEqual({ added: 1, duplicates: 0, refused: [], skipped: [], notes: [], waiting: 0, modeChange: null })
		const byLabel = Object.fromEntries((await counts(product.id)).variants.map((v) => [v.label, v.available]))
		expect(byLabel).toEqual({ 'Private 1 Month': 1, 'Shared 1 Month': 5 })

		const { units } = await listUnits(db, product.id, { variantId: shared!.id })
		const sara = units.find((u) => u.masked === 'sar•••@example.pk')!
		expect(await revealUnit(db, ownerStaff, product.id, sara.id)).toEqual({ kind: 'account', login: 'sara@example.pk', password: 'pw-2', notes: 'Sign in on console' })
		const written = JSON.stringify(await db.select().from(auditLog))
		for (const secret of ['pw-1', 'pw-2', 'pw-3', 'Sign in on console']) expect(written).not.toContain(secret)
	})

	it('refuses bad requests with a sentence and a 4xx', async () => {
		const product = await createProduct('Refusals (stock)', [{ label: '$5', value: 5, price: 1700 }])
		const other = await createProduct('Other (stock)', [{ label: '$5', value: 5, price: 1700 }])
		const post = (id: number | string, body: unknown) => call('POST', `/api/admin/products/${id}/stock`, body)
		const wrongVariant = await post(product.id, { variantId: other.variants[0]!.id, units: [{ code: 'X1' }] })
		expect(wrongVariant.status).toBe(400)
		expect(((await wrongVariant.json()) as { error: string }).error).toBe('That option is not one of this product’s visible options.')
		expect((await post(product.id, { variantId: product.variants[0]!.id, units: [] })).status).toBe(400)
		expect((await post(product.id, { variantId: product.variants[0]!.id, units: [{ code: 'A' }], slots: 11 })).status).toBe(400)
		expect((await post(999999, { variantId: product.variants[0]!.id, units: [{ code: 'A' }] })).status).toBe(404)
		expect((await call('GET', `/api/admin/products/${product.id}/stock`, undefined, {})).status).toBe(401)
		const doc = (await (await call('GET', '/api/admin/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
		expect(Object.keys(doc.paths['/api/admin/products/{id}/stock']!).sort()).toEqual(['get', 'post'])
	})

	it('lets the owner import, reveal and void on the stock page without scripts, and refuses staff without the catalogue permission', async () => {
		const product = await createProduct('Xbox Card (console stock)', [{ label: '$15', value: 15, price: 4800 }])
		const variant = product.variants[0]!
		const signIn = async (email: string, password: string, ip: string) => {
			const res = await fetch(`${shop.url}/admin/login`, {
				method: 'POST',
				redirect: 'manual',
				headers: { Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': ip },
				body: new URLSearchParams({ email, password }),
			})
			return `staff_session=${/staff_session=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]}`
		}
		const cookie = await signIn(OWNER.email, OWNER.password, '198.51.100.71')
		const page = `${shop.url}/admin/products/${product.id}/stock`
		const post = (fields: Record<string, string>) =>
			fetch(page, { method: 'POST', redirect: 'manual', headers: { Origin: shop.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })

		const imported = await post({ intent: 'import', variantId: String(variant.id), kind: 'code', text: 'XBOX-AAAA-1111\n\nxbox aaaa 1111\nXBOX-BBBB-2222\nGIFT,CARD-3333\n"QUOTED-4444"\n' })
		expect(imported.status).toBe(200)
		const report = (await imported.text()).replace(/<[^>]+>/g, '')
		expect(report).toContain('Imported: 4 added; 2 lines refused (1 duplicate).')
		expect(report).toContain('Line 2: empty: no code on this line')
		expect(report).toContain('Line 3: duplicate of line 1 in this import')
		const html = withoutScripts(await (await fetch(page, { headers: { Cookie: cookie } })).text())
		expect(html).toContain('•••• 1111')
		expect(html).not.toContain('AAAA')
		const units = await db.select().from(stockUnits).where(eq(stockUnits.productId, product.id)).orderBy(stockUnits.id)
		const [unit] = units
		const revealed = await (await post({ intent: 'reveal', unitId: String(unit!.id) })).text()
		expect(revealed).toContain('XBOX-AAAA-1111')
		const accounts = (await (await post({ intent: 'import', variantId: String(variant.id), kind: 'account', text: 'login,password\nzed@example.pk,pw-9\n\nyas@example.pk,pw-8\n\n' })).text()).replace(/<[^>]+>/g, '')
		expect(accounts).toContain('Imported: 2 added; 1 line refused.')
		expect(accounts).toContain('Line 3: empty: no account on this line')
		// A pasted line is one code, commas and quotes included.
		expect(await revealUnit(db, ownerStaff, product.id, units[2]!.id)).toEqual({ kind: 'code', code: 'GIFT,CARD-3333' })
		expect(await revealUnit(db, ownerStaff, product.id, units[3]!.id)).toEqual({ kind: 'code', code: '"QUOTED-4444"' })
		// A unit of another product, named under this product's address: not found.
		const elsewhere = await createProduct('Elsewhere (console stock)', [{ label: '$15', value: 15, price: 4800 }])
		const foreignPage = `${shop.url}/admin/products/${elsewhere.id}/stock`
		const foreign = (fields: Record<string, string>) =>
			fetch(foreignPage, { method: 'POST', redirect: 'manual', headers: { Origin: shop.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })
		expect((await foreign({ intent: 'void', unitId: String(unit!.id), reason: 'Wrong product' })).status).toBe(404)
		expect((await foreign({ intent: 'reveal', unitId: String(unit!.id) })).status).toBe(404)
		await expect(voidUnit(db, actor, elsewhere.id, unit!.id, 'Wrong product')).rejects.toThrow('Stock unit not found.')
		const voided = await post({ intent: 'void', unitId: String(unit!.id), reason: 'Redeemed elsewhere' })
		expect(await voided.text()).toContain(`Unit ${unit!.id} voided.`)
		const bad = await post({ intent: 'threshold', variantId: String(variant.id), threshold: 'lots' })
		expect(bad.status).toBe(400)
		expect(await bad.text()).toContain('The low-stock threshold must be a whole number from 0 to 1000.')
		expect((await counts(product.id)).variants[0]).toMatchObject({ available: 5, voided: 1 })

		const staff = await createStaff(db, { email: 'stock-staff@example.pk', name: 'Usman', role: 'staff', password: 'staff-password-3' })
		const staffCookie = await signIn('stock-staff@example.pk', 'staff-password-3', '198.51.100.72')
		expect((await fetch(page, { headers: { Cookie: staffCookie } })).status).toBe(403)

		// Catalogue staff import and void, but a secret is the owner's unless the owner lets them reveal stock.
		await setStaffGrants(db, actor, staff.id, ['catalogue'])
		const staffPage = await (await fetch(page, { headers: { Cookie: staffCookie } })).text()
		expect(staffPage).toContain('•••• 2222')
		expect(staffPage).not.toContain('>Reveal<')
		const staffPost = (fields: Record<string, string>) =>
			fetch(page, { method: 'POST', redirect: 'manual', headers: { Origin: shop.url, Cookie: staffCookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })
		const refused = await staffPost({ intent: 'reveal', unitId: String(units[1]!.id) })
		expect(refused.status).toBe(403)
		const refusedText = await refused.text()
		expect(refusedText).toContain('Only the shop owner, or staff the owner lets reveal stock, may see a unit in full.')
		expect(refusedText).not.toContain('BBBB')

		// The owner grants it on the settings page; the reveal is then audited and limited to 30 an hour.
		const granted = await fetch(`${shop.url}/admin/settings`, {
			method: 'POST',
			headers: { Origin: shop.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'set-grants', staffId: String(staff.id), 'grant-catalogue': 'on', 'grant-reveal-stock': 'on' }),
		})
		expect(await granted.text()).toContain('stock-staff@example.pk may now reveal stock.')
		expect((await fetch(page, { headers: { Cookie: staffCookie } }).then((r) => r.text()))).toContain('>Reveal<')
		const shown = await staffPost({ intent: 'reveal', unitId: String(units[1]!.id) })
		expect(shown.status).toBe(200)
		expect(await shown.text()).toContain('XBOX-BBBB-2222')
		const reveals = await db.select().from(auditLog).where(eq(auditLog.action, 'stock.reveal')).orderBy(auditLog.id)
		expect(reveals.filter((e) => e.staffId === staff.id).map((e) => e.after)).toEqual([{ unitId: units[1]!.id }])
		const asStaff = { id: staff.id, email: staff.email, role: 'staff' as const, grants: ['catalogue', 'reveal-stock'] }
		for (let i = 1; i < 30; i++) await revealUnit(db, asStaff, product.id, units[1]!.id)
		const limited = await staffPost({ intent: 'reveal', unitId: String(units[1]!.id) })
		expect(limited.status).toBe(429)
		expect(await limited.text()).toContain('You revealed 30 units in the last hour: try again later.')
		expect((await db.select().from(auditLog).where(eq(auditLog.action, 'stock.reveal')).orderBy(auditLog.id)).filter((e) => e.staffId === staff.id)).toHaveLength(30)
	})

	it('refuses a code written with look-alike letters, other dashes or invisible characters, in this product or another, and says why per line', async () => {
		const psn = await createProduct('PSN Card (look-alikes)', [{ label: '$10', value: 10, price: 3200 }])
		const xbox = await createProduct('Xbox Card (look-alikes)', [{ label: '$10', value: 10, price: 3200 }])
		const post = (product: Product, units: { code: string }[]) => call('POST', `/api/admin/products/${product.id}/stock`, { variantId: product.variants[0]!.id, units })
		const first = await post(psn, [{ code: 'ABCD-1234' }, { code: 'KEY-0OIL' }])
		expect(await first.json()).toMatchObject({ added: 2, duplicates: 0, refused: [] })
		const [abcd] = await db.select({ id: stockUnits.id }).from(stockUnits).where(eq(stockUnits.productId, psn.id)).orderBy(stockUnits.id).limit(1)

		const second = await post(psn, [
			{ code: '\u0410BCD-1234' }, // Cyrillic А
			{ code: 'ABCD\u20131234' }, // en dash
			{ code: 'AB\u200BCD-1234' }, // zero-width space inside
			{ code: 'ABCD\u00AD-1234' }, // soft hyphen
			{ code: '\uFF21\uFF22\uFF23\uFF24-1234' }, // fullwidth letters
			{ code: 'KEY-O0IL' }, // 0 and O swapped: another code
			{ code: 'NEW\u200B-CODE-1' }, // new, with an invisible character: kept as imported
			{ code: 'new-code-1' }, // the line above again
			{ code: '' },
			{ code: '\u200B\u00AD' },
			{ code: 'X'.repeat(201) },
			{ code: 'TAB\tCODE' },
		])
		expect(second.status).toBe(201)
		const inPsn = `already in this product’s stock (unit ${abcd!.id})`
		expect(await second.json()).toEqual({
			added: 2,
			duplicates: 6,
			refused: [
				{ line: 1, reason: inPsn },
				{ line: 2, reason: inPsn },
				{ line: 3, reason: inPsn },
				{ line: 4, reason: inPsn },
				{ line: 5, reason: inPsn },
				{ line: 8, reason: 'duplicate of line 7 in this import' },
				{ line: 9, reason: 'empty: no code on this line' },
				{ line: 10, reason: 'only invisible characters or dashes: no code' },
				{ line: 11, reason: 'longer than 200 characters' },
				{ line: 12, reason: 'contains control characters (such as a tab)' },
			],
			skipped: [
				{ line: 9, reason: 'empty: no code on this line' },
				{ line: 10, reason: 'only invisible characters or dashes: no code' },
				{ line: 11, reason: 'longer than 200 characters' },
				{ line: 12, reason: 'contains control characters (such as a tab)' },
			],
			notes: [{ line: 7, note: 'contains invisible characters: kept as imported, compared without them' }],
			waiting: 0,
			modeChange: null,
		})
		// Delivered exactly as imported: the normalised form is only the fingerprint.
		const newest = await listUnits(db, psn.id, {})
		const invisible = newest.units.find((u) => u.masked.endsWith('ODE1'))!
		expect(await revealUnit(db, ownerStaff, psn.id, invisible.id)).toEqual({ kind: 'code', code: 'NEW\u200B-CODE-1' })

		// Another product of the shop: refused too, naming the product that has it.
		const cross = await post(xbox, [{ code: 'abcd 1234' }, { code: 'XBOX-ONLY-1' }])
		expect(await cross.json()).toMatchObject({ added: 1, duplicates: 1, refused: [{ line: 1, reason: `already in stock of “PSN Card (look-alikes)” (product ${psn.id}, unit ${abcd!.id})` }] })

		// The database itself refuses a second copy in another product, not only the importer's check.
		const [unit] = await db.select().from(stockUnits).where(eq(stockUnits.id, abcd!.id))
		const { id: _id, ...copy } = unit!
		await expect(db.insert(stockUnits).values({ ...copy, productId: xbox.id, variantId: xbox.variants[0]!.id })).rejects.toThrow()
	})

	it('lets only one of two imports at once take the same code, in two products', async () => {
		const a = await createProduct('Race A (stock)', [{ label: '$5', value: 5, price: 1700 }])
		const b = await createProduct('Race B (stock)', [{ label: '$5', value: 5, price: 1700 }])
		const codes = Array.from({ length: 200 }, (_, i) => ({ code: `RACE-${String(i).padStart(4, '0')}` }))
		const [ra, rb] = await Promise.all([
			call('POST', `/api/admin/products/${a.id}/stock`, { variantId: a.variants[0]!.id, units: codes }),
			call('POST', `/api/admin/products/${b.id}/stock`, { variantId: b.variants[0]!.id, units: [...codes].reverse() }),
		])
		expect([ra.status, rb.status]).toEqual([201, 201])
		const [ja, jb] = (await Promise.all([ra.json(), rb.json()])) as { added: number; duplicates: number; refused: { reason: string }[] }[]
		expect(ja!.added + jb!.added).toBe(200)
		expect(ja!.duplicates + jb!.duplicates).toBe(200)
		for (const r of [...ja!.refused, ...jb!.refused]) expect(r.reason).toMatch(/^already in stock of “Race [AB] \(stock\)”/)
		const stored = await db.select({ id: stockUnits.id }).from(stockUnits).where(inArray(stockUnits.productId, [a.id, b.id]))
		expect(stored).toHaveLength(200)
	})

	it('re-fingerprints units imported before codes were compared the new way, and voids an unsold copy it finds', async () => {
		const older = await createProduct('Old PSN (stock)', [{ label: '$10', value: 10, price: 3200 }])
		const other = await createProduct('Old Xbox (stock)', [{ label: '$10', value: 10, price: 3200 }])
		await call('POST', `/api/admin/products/${older.id}/stock`, { variantId: older.variants[0]!.id, units: [{ code: 'OLD-AAAA-1' }] })
		const [latin] = await db.select().from(stockUnits).where(eq(stockUnits.productId, older.id))
		// As the importer stored them before: the old normalising, fingerprint version 1.
		const oldPrint = (code: string) => fingerprintOf(code.normalize('NFKC').replace(/[\s-]+/g, '').toUpperCase())
		const legacy = (code: string) => ({ productId: other.id, variantId: other.variants[0]!.id, kind: 'code' as const, ...sealUnit(code), fingerprint: oldPrint(code), fingerprintVersion: 1 })
		const [cyrillic, plain] = await db.insert(stockUnits).values([legacy('OLD-\u0410AAA-1'), legacy('OLD\u2013BBBB-2')]).returning()
		expect(cyrillic!.fingerprint).not.toBe(latin!.fingerprint)

		expect(await refingerprintStock(db)).toEqual({ updated: 2, duplicates: 1, voided: 1, unreadable: 0 })
		const after = new Map((await db.select().from(stockUnits).where(inArray(stockUnits.id, [cyrillic!.id, plain!.id]))).map((u) => [u.id, u]))
		expect(after.get(cyrillic!.id)).toMatchObject({ fingerprintVersion: 2, fingerprint: latin!.fingerprint, duplicateOf: latin!.id, status: 'voided' })
		expect(after.get(cyrillic!.id)!.voidReason).toBe(`Also in stock of product ${older.id} (unit ${latin!.id}): a copy is never sold.`)
		expect(after.get(plain!.id)).toMatchObject({ fingerprintVersion: 2, fingerprint: fingerprintOf(normaliseCode('OLD-BBBB-2')), duplicateOf: null, status: 'available' })
		const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'stock.void-duplicate')).orderBy(auditLog.id)
		expect(audit).toMatchObject({ target: `product ${other.id}`, after: { unitId: cyrillic!.id, duplicateOf: latin!.id } })
		// Run again: nothing left to do.
		expect(await refingerprintStock(db)).toEqual({ updated: 0, duplicates: 0, voided: 0, unreadable: 0 })
		const again = await call('POST', `/api/admin/products/${older.id}/stock`, { variantId: older.variants[0]!.id, units: [{ code: 'old bbbb 2' }] })
		expect(await again.json()).toMatchObject({ added: 0, refused: [{ line: 1, reason: `already in stock of “Old Xbox (stock)” (product ${other.id}, unit ${plain!.id})` }] })
	})

	it('migrates a shop whose products share a code: the later copy is marked, then voided at start if unsold', async () => {
		const first = await createProduct('Shared code A (stock)', [{ label: '$10', value: 10, price: 3200 }])
		const second = await createProduct('Shared code B (stock)', [{ label: '$10', value: 10, price: 3200 }])
		// The schema as it was before this migration: a fingerprint unique per product only.
		for (const statement of [
			'DROP INDEX "stock_units_code_fingerprint_key"',
			'DROP INDEX "stock_units_product_fingerprint_key"',
			'ALTER TABLE "stock_units" DROP COLUMN "duplicate_of"',
			'ALTER TABLE "stock_units" DROP COLUMN "fingerprint_version"',
			'CREATE UNIQUE INDEX "stock_units_product_fingerprint_key" ON "stock_units" USING btree ("product_id","fingerprint")',
		])
			await db.execute(sql.raw(statement))
		const oldUnit = (product: Product, code: string) => {
			const sealed = sealUnit(code)
			return sql`insert into stock_units (product_id, variant_id, kind, secret, key_id, fingerprint) values (${product.id}, ${product.variants[0]!.id}, 'code', ${sealed.secret}, ${sealed.keyId}, ${fingerprintOf(code.toUpperCase())}) returning id`
		}
		const ids: number[] = []
		for (const [product, code] of [[first, 'SHARED-1'], [second, 'SHARED-1']] as const) ids.push(Number((await db.execute<{ id: number }>(oldUnit(product, code))).rows[0]!.id))
		for (const statement of fs.readFileSync(path.resolve('drizzle/0015_stock_fingerprints_shop_wide.sql'), 'utf8').split('--> statement-breakpoint')) await db.execute(sql.raw(statement))
		// 0015 also added the reveal permission's column, which 0036 turned into a grant.
		await db.execute(sql.raw('ALTER TABLE "staff_users" DROP COLUMN "can_reveal_stock"'))
		const marked = await db.select().from(stockUnits).where(inArray(stockUnits.id, ids)).orderBy(stockUnits.id)
		expect(marked.map((u) => [u.fingerprintVersion, u.duplicateOf, u.status])).toEqual([
			[1, null, 'available'],
			[1, ids[0], 'available'],
		])
		await refingerprintStock(db)
		const after = await db.select().from(stockUnits).where(inArray(stockUnits.id, ids)).orderBy(stockUnits.id)
		expect(after.map((u) => [u.fingerprintVersion, u.duplicateOf, u.status])).toEqual([
			[2, null, 'available'],
			[2, ids[0], 'voided'],
		])
		expect((await counts(second.id)).variants[0]).toMatchObject({ available: 0, voided: 1 })
	})

	it("refuses a 'stock_only' option out of stock at checkout and sells it once stock is in", async () => {
		const product = await createProduct('Steam Wallet (stock only)', [{ label: '$20', value: 20, price: 6000 }])
		const variant = product.variants[0]!
		await setStockMode(db, actor, product.id, 'stock_only')
		expect((await stockAvailability(db, [product.id])).availability.get(variant.id)).toBe('out')
		const outPage = await (await fetch(`${shop.url}/product/${product.id}`)).text()
		expect(outPage).toContain('Out of stock')
		const checkout = () => checkoutOverHttp(shop.url, [{ id: product.id, quantity: 1, variantId: variant.id }])
		const refused = await checkout()
		expect(refused.status).toBe(400)
		expect(((await refused.json()) as { error: string }).error).toBe('Steam Wallet (stock only) ($20) is out of stock.')

		await call('POST', `/api/admin/products/${product.id}/stock`, { variantId: variant.id, units: [{ code: 'STEAM-1' }, { code: 'STEAM-2' }] })
		expect((await counts(product.id)).stockMode).toBe('stock_only')
		expect((await stockAvailability(db, [product.id])).availability.get(variant.id)).toBe('few')
		const fewPage = withoutScripts(await (await fetch(`${shop.url}/product/${product.id}`)).text())
		expect(fewPage).toContain('Only a few left')
		expect(fewPage).not.toContain('Out of stock')
		expect((await checkout()).status).toBe(201)
	})
})
