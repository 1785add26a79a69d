// What the owner lets a staff account do is one list of grants (ADR-038), checked inside each domain
// command it guards: a route or API that forgot its own check is still refused. For every grant and
// every command: staff holding every other grant are refused with the gates' sentence, staff holding
// that grant and the owner get past the check; commands only the owner may do refuse staff holding
// every grant; and the database refuses a grant it does not know.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, staffUsers } from '../../app/db/schema'
import { createProductInput } from '../../app/domain/catalogue/product-input'
import { createProduct, duplicateProduct, removeProduct, updateProduct } from '../../app/domain/catalogue/manage-products.server'
import { importLibraryCsv } from '../../app/domain/library/import-library.server'
import { createLibraryTitle, updateLibraryTitle } from '../../app/domain/library/manage-library.server'
import { setProductImage } from '../../app/domain/media/store-product-image.server'
import { restorePolicyPage, restoreUrduVersion, savePolicyPage, saveUrduVersion } from '../../app/domain/pages/policy-pages.server'
import { reinstateOrder } from '../../app/domain/payments/reinstate-order.server'
import { refundOrder } from '../../app/domain/refunds/refund-order.server'
import { readReportRange } from '../../app/domain/reports/report-range'
import { changeSupplier, connectSupplier, searchSupplierProducts, testSupplier } from '../../app/domain/suppliers/supplier-console.server'
import { salesReport } from '../../app/domain/reports/sales-report.server'
import { setReviewHidden } from '../../app/domain/reviews/hide-review.server'
import { staffActor, type Actor } from '../../app/domain/staff/audit.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { permissionRefusal, STAFF_GRANTS, type Grant } from '../../app/domain/staff/permissions'
import { setStaffGrants } from '../../app/domain/staff/set-staff-grants.server'
import { importStock, revealUnit, setLowStockThreshold, setStockMode, STOCK_MESSAGES, voidUnit } from '../../app/domain/stock/manage-stock.server'
import { removeTelegramBot, saveTelegramBot } from '../../app/domain/alerts/telegram.server'
import { blockBuyer, unblockBuyer } from '../../app/domain/buyers/blocklist.server'
import { createCoupon, updateCoupon } from '../../app/domain/coupons/coupons.server'
import { updateCostSettings } from '../../app/domain/costs/cost-settings.server'
import { applyReprice } from '../../app/domain/costs/reprice.server'
import { updateStoreDetails } from '../../app/domain/settings/store-details.server'
import { resetStaffPassword } from '../../app/domain/staff/reset-staff-password.server'
import { setStaffActive } from '../../app/domain/staff/set-staff-active.server'
import { setTwoFactorRequired } from '../../app/domain/staff/two-factor-requirement.server'
import { removeWhatsApp, saveWhatsApp } from '../../app/domain/whatsapp/whatsapp-settings.server'
import { AppError } from '../../app/utils/app-error'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const NOBODY = 2_000_000_000
const range = () => {
	const read = readReportRange({ from: '2026-11-01', to: '2026-11-07', by: 'day' })
	if (!read.ok) throw new Error(read.message)
	return read.range
}
const product = createProductInput.parse({ name: 'Grant Card', platform: 'playstation', kind: 'gift_card', description: 'x', variants: [{ label: '$10 USD', value: 10, price: 3200 }] })

/** Every domain command a grant guards, called as `actor` on things that need not exist: the grant is checked first. */
const COMMANDS: Record<Grant, Record<string, (db: Db, actor: Actor & { id: number; email: string; role: 'owner' | 'staff'; grants: readonly string[] }) => Promise<unknown>>> = {
	catalogue: {
		createProduct: (db, actor) => createProduct(db, actor, product),
		updateProduct: (db, actor) => updateProduct(db, actor, NOBODY, { visible: false }),
		duplicateProduct: (db, actor) => duplicateProduct(db, actor, NOBODY),
		removeProduct: (db, actor) => removeProduct(db, actor, NOBODY),
		setProductImage: (db, actor) => setProductImage(db, actor, NOBODY, new Uint8Array([1, 2, 3])),
		createLibraryTitle: (db, actor) => createLibraryTitle(db, actor, { title: 'Grant Quest', genre: 'Action', top: false }),
		updateLibraryTitle: (db, actor) => updateLibraryTitle(db, actor, NOBODY, { top: true }),
		importLibraryCsv: (db, actor) => importLibraryCsv(db, actor, 'title,genre,top\n'),
		savePolicyPage: (db, actor) => savePolicyPage(db, actor, 'no-such-page', '# Hi'),
		restorePolicyPage: (db, actor) => restorePolicyPage(db, actor, 'no-such-page'),
		saveUrduVersion: (db, actor) => saveUrduVersion(db, actor, 'no-such-page', {}),
		restoreUrduVersion: (db, actor) => restoreUrduVersion(db, actor, 'no-such-page'),
		setReviewHidden: (db, actor) => setReviewHidden(db, actor, NOBODY, true),
		importStock: (db, actor) => importStock(db, actor, NOBODY, { variantId: NOBODY, kind: 'code', units: [{ code: 'GRANT-0001' }] }),
		voidUnit: (db, actor) => voidUnit(db, actor, NOBODY, NOBODY, 'Bad code'),
		setLowStockThreshold: (db, actor) => setLowStockThreshold(db, actor, NOBODY, NOBODY, 3),
		setStockMode: (db, actor) => setStockMode(db, actor, NOBODY, 'manual'),
	},
	'reveal-stock': {
		revealUnit: (db, actor) => revealUnit(db, actor, NOBODY, NOBODY),
	},
	refunds: {
		refundOrder: (db, actor) => refundOrder(db, actor, 'GV-NOBODY', { amount: 100, method: 'bank', reason: 'Buyer asked' } as Parameters<typeof refundOrder>[3]),
		reinstateOrder: (db, actor) => reinstateOrder(db, actor, 'GV-NOBODY'),
	},
	reports: {
		salesReport: (db, actor) => salesReport(db, actor, range()),
	},
	suppliers: {
		connectSupplier: (db, actor) => connectSupplier(db, actor, { name: 'Grant supplier', apiKey: 'grant-key', baseUrl: 'http://127.0.0.1:9' }),
		changeSupplier: (db, actor) => changeSupplier(db, actor, NOBODY, { name: 'Renamed' }),
		testSupplier: (db, actor) => testSupplier(db, actor, NOBODY),
		searchSupplierProducts: (db, actor) => searchSupplierProducts(db, actor, NOBODY, 'steam'),
	},
}

type StaffActor = Actor & { staffId: number }

/** Commands only the owner may do, called on things that need not exist: who asks is checked first. */
const OWNER_COMMANDS: Record<string, (db: Db, actor: StaffActor) => Promise<unknown>> = {
	blockBuyer: (db, actor) => blockBuyer(db, actor, { kind: 'email', value: 'blocked@example.pk', note: null }),
	unblockBuyer: (db, actor) => unblockBuyer(db, actor, NOBODY),
	createCoupon: (db, actor) => createCoupon(db, actor, {} as never),
	updateCoupon: (db, actor) => updateCoupon(db, actor, NOBODY, {} as never),
	applyReprice: (db, actor) => applyReprice(db, actor, { productId: NOBODY, marginPercent: 10, roundTo: 100 } as never),
	updateCostSettings: (db, actor) => updateCostSettings(db, actor, {} as never),
	updateStoreDetails: (db, actor) => updateStoreDetails(db, actor, {}),
	setStaffActive: (db, actor) => setStaffActive(db, actor, { staffId: NOBODY, active: false }),
	resetStaffPassword: (db, actor) => resetStaffPassword(db, actor, NOBODY),
	setTwoFactorRequired: (db, actor) => setTwoFactorRequired(db, actor, false),
	saveTelegramBot: (db, actor) => saveTelegramBot(db, actor, ''),
	removeTelegramBot: (db, actor) => removeTelegramBot(db, actor),
	saveWhatsApp: (db, actor) => saveWhatsApp(db, actor, {}),
	removeWhatsApp: (db, actor) => removeWhatsApp(db, actor),
	setStaffGrants: (db, actor) => setStaffGrants(db, actor, NOBODY, []),
}

const refusalOf = (grant: Grant) => (grant === 'reveal-stock' ? STOCK_MESSAGES.revealRefused : permissionRefusal(grant))

/** What a call ended in: 'refused' for the grant's 403, else 'passed' (done, or refused for another reason such as not found). */
async function outcome(call: Promise<unknown>, grant: Grant): Promise<'refused' | 'passed'> {
	try {
		await call
		return 'passed'
	} catch (error) {
		if (error instanceof AppError && error.status === 403) {
			expect(error.message).toBe(refusalOf(grant))
			return 'refused'
		}
		return 'passed'
	}
}

describe.each(databaseKinds)('staff grants on %s', (kind) => {
	const database = useTestDatabase(kind)

	async function staffHolding(grants: Grant[], role: 'owner' | 'staff' = 'staff') {
		const db = database.db
		const created = await createStaff(db, { email: `${role}-${grants.join('-') || 'none'}-${Math.random().toString(36).slice(2, 8)}@example.pk`, name: 'Grant test', role })
		if (role === 'staff') await setStaffGrants(db, { label: 'owner@example.pk' }, created.id, grants)
		const staff = { id: created.id, email: created.email, role, grants }
		return { ...staff, ...staffActor(staff), staffId: created.id }
	}

	for (const grant of STAFF_GRANTS) {
		for (const [name, command] of Object.entries(COMMANDS[grant])) {
			it(`${name}: refused without “${grant}” (every other grant held), let past with it, and for the owner`, async () => {
				const db = database.db
				const without = await staffHolding(STAFF_GRANTS.filter((g) => g !== grant))
				expect(await outcome(command(db, without), grant)).toBe('refused')
				const holding = await staffHolding([grant])
				expect(await outcome(command(db, holding), grant)).toBe('passed')
				const owner = await staffHolding([], 'owner')
				expect(await outcome(command(db, owner), grant)).toBe('passed')
			})
		}
	}

	for (const [name, command] of Object.entries(OWNER_COMMANDS)) {
		it(`${name}: the owner's alone, refused for staff holding every grant`, async () => {
			const db = database.db
			const granted = await staffHolding([...STAFF_GRANTS])
			await expect(command(db, granted)).rejects.toMatchObject({ status: 403, message: 'Only the shop owner may do this.' })
			const owner = await staffHolding([], 'owner')
			await command(db, owner).catch((error: unknown) => expect(error instanceof AppError ? error.status : 0).not.toBe(403))
		})
	}

	it('sets the grants as one list: audited before and after, owner only, unknown and owner targets refused, the same list a no-op', async () => {
		const db = database.db
		const owner = await staffHolding([], 'owner')
		const clerk = await staffHolding([])
		const done = await setStaffGrants(db, owner, clerk.id, ['reports', 'catalogue'])
		expect(done).toMatchObject({ account: { id: clerk.id, grants: ['catalogue', 'reports'] }, added: ['catalogue', 'reports'], removed: [] })
		expect((await setStaffGrants(db, owner, clerk.id, { reports: false })).account.grants).toEqual(['catalogue'])
		expect(await setStaffGrants(db, owner, clerk.id, ['catalogue'])).toMatchObject({ added: [], removed: [] })
		const entries = await db.select().from(auditLog).where(eq(auditLog.target, `staff ${clerk.id}`)).orderBy(auditLog.id)
		expect(entries.map((e) => [e.action, e.actor, e.after])).toEqual([
			['staff.set-grants', owner.email, { staffId: clerk.id, email: clerk.email, grants: ['catalogue', 'reports'] }],
			['staff.set-grants', owner.email, { staffId: clerk.id, email: clerk.email, grants: ['catalogue'] }],
		])

		const granted = await staffHolding([...STAFF_GRANTS])
		await expect(setStaffGrants(db, granted, clerk.id, [])).rejects.toMatchObject({ status: 403, message: 'Only the shop owner may do this.' })
		await expect(setStaffGrants(db, owner, clerk.id, ['catalogue', 'everything'])).rejects.toMatchObject({ status: 400, message: 'Unknown grant: everything. Choose from: catalogue, reveal-stock, refunds, reports, suppliers.' })
		await expect(setStaffGrants(db, owner, owner.id, [])).rejects.toMatchObject({ status: 400, message: `${owner.email} is an owner: owners always manage the catalogue, reveal stock, refund orders, see reports and manage suppliers.` })
		await expect(setStaffGrants(db, owner, NOBODY, [])).rejects.toMatchObject({ status: 404 })
		expect((await db.select({ grants: staffUsers.grants }).from(staffUsers).where(eq(staffUsers.id, clerk.id)))[0]!.grants).toEqual(['catalogue'])
	})

	it('the database holds only the grants of the one list', async () => {
		const db = database.db
		const clerk = await staffHolding([])
		await db.update(staffUsers).set({ grants: [...STAFF_GRANTS] }).where(eq(staffUsers.id, clerk.id))
		await expect(db.execute(sql`update staff_users set grants = array['catalogue', 'root'] where id = ${clerk.id}`)).rejects.toThrow()
	})
})
