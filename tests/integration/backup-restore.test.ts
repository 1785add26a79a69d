// Backups (ADR-044), on PGlite and PostgreSQL (the restores run the real command: a process each, hence the longer timeouts): the owner downloads one from the running shop
// (GET /admin/backup; other staff are refused, the download is audited), `npm run restore` puts it
// into an empty database, and a shop started there has the same orders, reads the same delivered
// codes (the delivery key came with the backup) and serves the same receipt bytes. A wrong
// passphrase, a changed byte, a newer schema and a database that already holds orders are refused
// with a sentence and a non-zero exit, the target left as it was. The daily backup keeps its last days, and the worker writes it on PGlite only.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, openPostgres } from '../../app/db/client.server'
import { auditLog, orders } from '../../app/db/schema'
import { writeDailyBackup } from '../../app/domain/backup/write-daily-backup.server'
import { decryptDelivery, deliveryKey } from '../../app/domain/fulfillment/delivery-crypto.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import { giftCardWithTwoOptions } from '../setup/catalogue'
import { owner, payByTransfer, sendReceipt } from '../setup/orders'
import { checkoutBody, jobRows, orderRow, placeOrder, png } from '../setup/payments'
import { copyOfSeededDatabase, databaseKinds, type DatabaseKind } from '../setup/test-db'
import { restoreProcessSettings, signInOverHttp, startShopOn, useTestShop } from '../setup/test-shop'

const run = promisify(execFile)
const PASSPHRASE = 'four words kept apart'
const OWNER = { email: 'owner@backup.pk', password: 'owner-password-42' }

type Place = { dataDir: string; databaseUrl: string | undefined }

/** `npm run restore -- FILE` on `place`, as the owner runs it: its exit code and what it printed. */
async function restoreCommand(place: Place, file: string, passphrase = PASSPHRASE) {
	const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl, BACKUP_PASSPHRASE: passphrase, NODE_ENV: 'development', LOG_LEVEL: 'silent' }
	if (!place.databaseUrl) delete env.DATABASE_URL
	try {
		const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', file], { env })
		return { code: 0, out: stdout + stderr }
	} catch (error) {
		const failed = error as { code: number; stdout: string; stderr: string }
		return { code: failed.code, out: failed.stdout + failed.stderr }
	}
}

/** The orders (and products) a database holds, opened while no shop runs on it. */
async function countsIn(kind: DatabaseKind, place: Place) {
	const database = kind === 'postgres' ? await openPostgres(place.databaseUrl!) : await openPglite(place.dataDir)
	try {
		const { rows } = await database.db.execute<{ orders: number; products: number }>(sql`select (select count(*) from orders)::int as orders, (select count(*) from products)::int as products`)
		return rows[0]!
	} finally {
		await database.close()
	}
}

describe.each(databaseKinds)('backups, on %s', (kind) => {
	const testShop = useTestShop(kind, 'backup_source', { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, BACKUP_PASSPHRASE: PASSPHRASE, JOBS_WORKER: 'false', TRUST_PROXY: 'true' })
	const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backups-'))
	let paid: { orderNumber: string; delivered: string }
	let waiting: string
	let staffPassword: string
	let backupFile: string

	beforeAll(async () => {
		const db = testShop.db
		const card = await giftCardWithTwoOptions(db, 'Backup Card')
		await importStock(db, owner, card.productId, { variantId: card.ten, kind: 'code', units: [{ code: 'KEPT-CODE-7Q2K' }, { code: 'SPARE-CODE-4M9Z' }] })
		const order = await placeOrder(db, checkoutBody([{ id: card.productId, quantity: 1, variantId: card.ten }], { paymentMethod: 'manual' }))
		await payByTransfer(db, await sendReceipt(db, order))
		paid = { orderNumber: order.orderNumber, delivered: decryptDelivery((await orderRow(db, order.orderNumber))!.deliveryContent)! }
		waiting = (await placeOrder(db, checkoutBody([{ id: card.productId, quantity: 1, variantId: card.twentyFive }]))).orderNumber
		staffPassword = (await createStaff(db, { email: 'helper@backup.pk', name: 'Helper', role: 'staff' })).password
	})
	afterAll(() => fs.rmSync(temp, { recursive: true, force: true }))

	it('gives the owner a backup at GET /admin/backup, audited; other staff get 403, nobody signed in 401', async () => {
		expect(paid.delivered).toContain('"code":"KEPT-CODE-7Q2K"')
		const cookie = await signInOverHttp(testShop.url, OWNER.email, OWNER.password, '198.51.100.20')
		const res = await fetch(`${testShop.url}/admin/backup`, { headers: { Cookie: cookie } })
		expect(res.status).toBe(200)
		expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="shop-backup-\d{4}-\d{2}-\d{2}\.backup"$/)
		backupFile = path.join(temp, 'download.backup')
		fs.writeFileSync(backupFile, Buffer.from(await res.arrayBuffer()))
		// Nothing secret in the clear: the codes, the buyer and the key are inside the sealed part.
		const bytes = fs.readFileSync(backupFile)
		for (const secret of ['KEPT-CODE', 'Ali@Example.pk', deliveryKey().toString('base64')]) expect(bytes.includes(secret)).toBe(false)
		const [entry] = await testShop.db.select().from(auditLog).where(eq(auditLog.action, 'backup.download'))
		expect(entry).toMatchObject({ actor: OWNER.email, target: 'the whole shop', after: { sealedWith: 'BACKUP_PASSPHRASE' } })

		const helper = await signInOverHttp(testShop.url, 'helper@backup.pk', staffPassword, '198.51.100.21')
		expect((await fetch(`${testShop.url}/admin/backup`, { headers: { Cookie: helper } })).status).toBe(403)
		expect((await fetch(`${testShop.url}/admin/backup`, { method: 'POST', headers: { Cookie: helper, Origin: testShop.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ passphrase: PASSPHRASE }) })).status).toBe(403)
		expect((await fetch(`${testShop.url}/admin/backup`)).status).toBe(401)
		expect(await testShop.db.select().from(auditLog).where(eq(auditLog.action, 'backup.download'))).toHaveLength(1)

		// The Settings form's post: sealed with the passphrase typed; one too short is refused beside its field.
		const short = await fetch(`${testShop.url}/admin/backup`, { method: 'POST', headers: { Cookie: cookie, Origin: testShop.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ passphrase: 'too short' }) })
		expect(short.status).toBe(400)
		expect(await short.json()).toMatchObject({ fieldErrors: { passphrase: 'A backup passphrase has at least 12 characters: a few words you will remember.' } })
		const typed = await fetch(`${testShop.url}/admin/backup`, { method: 'POST', headers: { Cookie: cookie, Origin: testShop.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ passphrase: 'another passphrase typed' }) })
		expect(typed.status).toBe(200)
		expect((await typed.arrayBuffer()).byteLength).toBeGreaterThan(1000)
		const entries = await testShop.db.select().from(auditLog).where(eq(auditLog.action, 'backup.download')).orderBy(auditLog.id)
		expect(entries.map((e) => e.after)).toMatchObject([{ sealedWith: 'BACKUP_PASSPHRASE' }, { sealedWith: 'typed' }])
	})

	it('restores into an empty database: the same orders, codes and receipt', async () => {
		const target = await copyOfSeededDatabase(kind, 'backup_target')
		try {
			const restored = await restoreCommand(target, backupFile)
			expect(restored).toMatchObject({ code: 0, out: expect.stringMatching(/^Restored the backup of .* rows/) })
			expect(fs.readFileSync(path.join(target.dataDir, 'delivery.key'), 'utf8')).toBe(fs.readFileSync(path.join(testShop.dataDir, 'delivery.key'), 'utf8'))

			const source = await testShop.db.select().from(orders).orderBy(orders.id)
			await testShop.close()
			const shop = await startShopOn(target, { JOBS_WORKER: 'false' })
			try {
				const copy = await shop.database.db.select().from(orders).orderBy(orders.id)
				expect(copy.map((o) => [o.orderNumber, o.paymentStatus, o.deliveryStatus, o.totalAmount, o.customerEmail])).toEqual(source.map((o) => [o.orderNumber, o.paymentStatus, o.deliveryStatus, o.totalAmount, o.customerEmail]))
				expect(copy.map((o) => o.orderNumber)).toEqual([paid.orderNumber, waiting])
				// The restored shop loaded the restored key: the delivered code reads as it was sold.
				expect(decryptDelivery((await orderRow(shop.database.db, paid.orderNumber))!.deliveryContent)).toBe(paid.delivered)
				// Its owner signs in with the same password and sees the same receipt.
				const cookie = await signInOverHttp(shop.url, OWNER.email, OWNER.password, '198.51.100.30')
				const receipt = await fetch(`${shop.url}/admin/receipts/${paid.orderNumber}`, { headers: { Cookie: cookie } })
				expect(receipt.status).toBe(200)
				expect(Buffer.from(await receipt.arrayBuffer()).equals(Buffer.from(png()))).toBe(true)
				// Its sequences go on from the backup's: a new order gets a new id.
				const next = await placeOrder(shop.database.db, checkoutBody())
				expect((await orderRow(shop.database.db, next.orderNumber))!.id).toBeGreaterThan(copy[copy.length - 1]!.id)
			} finally {
				await shop.close()
				restoreProcessSettings()
			}
			// Into a database that now holds orders: refused, nothing changed.
			const again = await restoreCommand(target, backupFile)
			expect(again).toMatchObject({ code: 1, out: expect.stringContaining('This database already holds orders or stock: nothing was restored.') })
			expect((await countsIn(kind, target)).orders).toBe(3)
		} finally {
			await testShop.start()
			fs.rmSync(target.dataDir, { recursive: true, force: true })
		}
	}, 300_000)

	it('refuses a wrong passphrase, a changed byte and a newer schema with a sentence, leaving the target as it was', async () => {
		const target = await copyOfSeededDatabase(kind, 'backup_refused')
		try {
			const before = await countsIn(kind, target)
			const bytes = fs.readFileSync(backupFile)
			const changed = Buffer.from(bytes)
			changed[Math.floor(bytes.length * 0.6)] ^= 0x01
			fs.writeFileSync(path.join(temp, 'changed.backup'), changed)
			const headerEnd = bytes.indexOf(0x0a)
			const header = JSON.parse(bytes.subarray(0, headerEnd).toString('utf8')) as { schema: string; schemaWhen: number }
			const newer = JSON.stringify({ ...header, schema: '9999_from_the_future', schemaWhen: header.schemaWhen + 1 })
			fs.writeFileSync(path.join(temp, 'newer.backup'), Buffer.concat([Buffer.from(newer), bytes.subarray(headerEnd)]))
			fs.writeFileSync(path.join(temp, 'not-a-backup.backup'), 'order,amount\n1,3200\n')

			const [wrong, damaged, future, stranger] = await Promise.all([
				restoreCommand(target, backupFile, 'not the passphrase'),
				restoreCommand(target, path.join(temp, 'changed.backup')),
				restoreCommand(target, path.join(temp, 'newer.backup')),
				restoreCommand(target, path.join(temp, 'not-a-backup.backup')),
			])
			expect(wrong).toEqual({ code: 1, out: 'The passphrase does not open this backup: nothing was restored. Give the passphrase it was made with.\n' })
			expect(damaged).toMatchObject({ code: 1, out: expect.stringMatching(/^The backup .*changed\.backup is damaged or incomplete \(.*\): nothing was restored\.\n$/) })
			expect(future).toMatchObject({ code: 1, out: expect.stringContaining('This backup comes from a newer version of the shop (its schema is 9999_from_the_future;') })
			expect(stranger).toMatchObject({ code: 1, out: expect.stringContaining('not-a-backup.backup is not a shop backup, or it is damaged: nothing was restored.') })
			expect(await countsIn(kind, target)).toEqual(before)
			expect(before.orders).toBe(0)
			expect(fs.existsSync(path.join(target.dataDir, 'delivery.key'))).toBe(false)
		} finally {
			fs.rmSync(target.dataDir, { recursive: true, force: true })
		}
	}, 300_000)

	it('writes one backup a day into BACKUP_DIR and keeps the last BACKUP_KEEP_DAYS of its own', async () => {
		const dir = path.join(temp, 'daily')
		fs.mkdirSync(dir)
		const old = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'].map((day) => `shop-backup-${day}.backup`)
		for (const name of [...old, 'notes.txt']) fs.writeFileSync(path.join(dir, name), 'older')
		const daily = { dir, keepDays: 3, passphrase: PASSPHRASE, deliveryKey: deliveryKey(), dataDir: testShop.dataDir, now: new Date('2026-12-06T20:00:00Z') }
		const written = await writeDailyBackup(testShop.db, daily)
		// 20:00 UTC is already the next day in Pakistan.
		expect(written).toBe(path.join(dir, 'shop-backup-2026-12-07.backup'))
		expect(await writeDailyBackup(testShop.db, daily)).toBeNull()
		expect(fs.readdirSync(dir).sort()).toEqual(['notes.txt', 'shop-backup-2026-11-03.backup', 'shop-backup-2026-11-04.backup', 'shop-backup-2026-12-07.backup'])
	})

	it(kind === 'pglite' ? 'has the job worker write today\'s backup into BACKUP_DIR' : 'writes no daily backup on PostgreSQL, which has its own', async () => {
		const dir = path.join(temp, 'worker')
		const shop = await testShop.start({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, BACKUP_PASSPHRASE: PASSPHRASE, BACKUP_DIR: dir, JOBS_WORKER: 'true' })
		try {
			if (kind === 'pglite') {
				await expect.poll(() => (fs.existsSync(dir) ? fs.readdirSync(dir) : []), { timeout: 60_000 }).toEqual([expect.stringMatching(/^shop-backup-\d{4}-\d{2}-\d{2}\.backup$/)])
			} else {
				// The worker's first tick queues the hour's jobs; the daily backup is not among them.
				await expect.poll(async () => (await jobRows(shop.database.db, 'renewal-reminders')).length, { timeout: 60_000 }).toBeGreaterThan(0)
				expect(await jobRows(shop.database.db, 'daily-backup')).toEqual([])
				expect(fs.existsSync(dir)).toBe(false)
			}
		} finally {
			await testShop.start({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, BACKUP_PASSPHRASE: PASSPHRASE, JOBS_WORKER: 'false', TRUST_PROXY: 'true' })
		}
	}, 120_000)
})
