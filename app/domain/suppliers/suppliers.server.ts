import { asc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { suppliers, variantSupply } from '../../db/schema'
import { SUPPLIER_SIMULATOR } from '../../integrations/kinguin/simulator.server'
import { AppError } from '../../utils/app-error'
import { singleton } from '../../utils/singleton.server'
import { invalidInput } from '../../utils/field-errors'
import { decryptDelivery, encryptDelivery } from '../fulfillment/delivery-crypto.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { requireGrant } from '../staff/permissions'
import { KINGUIN_BASE_URLS } from './kinguin.server'
import { createSupplierInput, updateSupplierInput, type CreateSupplierInput, type UpdateSupplierInput, noSuchSupplier } from './supplier-input'
import { supplierClient, supplierCurrency } from './supplier-registry.server'
import { isSupplierError, type SupplierCurrency } from './supplier-client'

// Suppliers the owner connects (ADR-053): the one writer of `suppliers`. The API key is sealed with
// the delivery key as it is saved and never read back: a view shows its last four characters.

export interface SupplierView {
	id: number
	name: string
	kind: 'kinguin'
	/** The currency of its prices and balance, as its protocol's adapter says. */
	currency: SupplierCurrency
	baseUrl: string
	/** The key's last four characters (…abcd); null when it cannot be opened with this delivery key. */
	apiKeyEnd: string | null
	simulator: boolean
	active: boolean
	/** Options served by this supplier. */
	options: number
	createdAt: string
	updatedAt: string
}

const SIMULATOR_NAME = 'Simulator (test supplier: nothing real is bought)'

function keyEnd(sealed: string): string | null {
	try {
		const key = decryptDelivery(sealed)
		return key ? `…${key.slice(-4)}` : null
	} catch {
		return null
	}
}

function view(row: typeof suppliers.$inferSelect, options = 0): SupplierView {
	return {
		id: row.id,
		name: row.name,
		kind: row.kind,
		currency: supplierCurrency(row),
		baseUrl: row.baseUrl,
		apiKeyEnd: keyEnd(row.apiKey),
		simulator: row.simulator,
		active: row.active,
		options,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt.toISOString(),
	}
}

const audited = (v: SupplierView) => ({ name: v.name, kind: v.kind, baseUrl: v.baseUrl, active: v.active, apiKeyEnd: v.apiKeyEnd })

/** Every supplier, the simulator with the rest, each with how many options it serves. No secret leaves. */
export async function listSuppliers(db: Db | Tx): Promise<SupplierView[]> {
	const rows = await db
		.select({ supplier: suppliers, options: sql<number>`(select count(*) from ${variantSupply} where ${variantSupply.supplierId} = ${suppliers.id})::integer` })
		.from(suppliers)
		.orderBy(asc(suppliers.id))
	return rows.map((r) => view(r.supplier, Number(r.options)))
}

export async function getSupplier(db: Db | Tx, id: number): Promise<SupplierView> {
	const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1)
	if (!row) throw new AppError('NOT_FOUND', noSuchSupplier(id))
	return view(row)
}

/** The owner connects a supplier: the key sealed, the change audited without it. */
export async function createSupplier(db: Db, actor: Actor, raw: CreateSupplierInput): Promise<SupplierView> {
	requireGrant(actor, 'suppliers')
	const parsed = createSupplierInput.safeParse(raw)
	if (!parsed.success) throw invalidInput(parsed.error)
	const input = parsed.data
	return db.transaction(async (tx) => {
		const [row] = await tx
			.insert(suppliers)
			.values({ name: input.name, kind: input.kind, baseUrl: input.baseUrl ?? KINGUIN_BASE_URLS.live, apiKey: encryptDelivery(input.apiKey)!, active: input.active })
			.returning()
		const made = view(row!)
		await recordAudit(tx, actor, { action: 'suppliers.create', target: `supplier ${made.id}`, after: audited(made) })
		return made
	})
}

/** The owner changes a supplier: name, address, key (blank keeps it), on or off. A simulator given a real key and address is a simulator no more. */
export async function updateSupplier(db: Db, actor: Actor, id: number, raw: UpdateSupplierInput): Promise<SupplierView> {
	requireGrant(actor, 'suppliers')
	const parsed = updateSupplierInput.safeParse(raw)
	if (!parsed.success) throw invalidInput(parsed.error)
	const input = parsed.data
	return db.transaction(async (tx) => {
		const [before] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).for('update')
		if (!before) throw new AppError('NOT_FOUND', noSuchSupplier(id))
		const newKey = input.apiKey ? input.apiKey : null
		const baseUrl = input.baseUrl ?? before.baseUrl
		// The simulator stays one while it points at the shop's own /supplier-sim with its own key.
		const simulator = before.simulator && baseUrl === before.baseUrl && !newKey
		const [row] = await tx
			.update(suppliers)
			.set({
				...(input.name !== undefined ? { name: input.name } : {}),
				baseUrl,
				...(newKey ? { apiKey: encryptDelivery(newKey)! } : {}),
				...(input.active !== undefined ? { active: input.active } : {}),
				simulator,
				updatedAt: new Date(),
			})
			.where(eq(suppliers.id, id))
			.returning()
		const after = view(row!)
		await recordAudit(tx, actor, { action: 'suppliers.update', target: `supplier ${id}`, before: audited(view(before)), after: audited(after) })
		return after
	})
}

/** The Test button's question: does the supplier take the key, and what can it still spend (in cents)? */
export async function checkSupplier(db: Db, id: number): Promise<{ ok: true; balanceCents: number } | { ok: false; message: string }> {
	const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1)
	if (!row) throw new AppError('NOT_FOUND', noSuchSupplier(id))
	try {
		const { cents } = await supplierClient(row).balance()
		return { ok: true, balanceCents: cents }
	} catch (error) {
		if (isSupplierError(error)) return { ok: false, message: error.message }
		throw error
	}
}

/**
 * The demo's supplier: with no supplier at all, the shop makes one on its own simulator
 * (/supplier-sim), named as a simulator until the owner replaces it. Once, at start.
 */
export async function ensureSimulatorSupplier(db: Db): Promise<void> {
	const [any] = await db.select({ id: suppliers.id }).from(suppliers).limit(1)
	if (any) return
	simulatorCheck.at = 0
	await db.insert(suppliers).values({ name: SIMULATOR_NAME, kind: 'kinguin', baseUrl: SUPPLIER_SIMULATOR.basePath, apiKey: encryptDelivery(SUPPLIER_SIMULATOR.apiKey)!, simulator: true })
}

const simulatorCheck = singleton('supplier-simulator-in-use', () => ({ at: 0, inUse: false }))

/** Whether a supplier of the shop is its own simulator: /supplier-sim answers only then. Read at most every few seconds. */
export async function simulatorSupplierInUse(db: Db): Promise<boolean> {
	if (Date.now() - simulatorCheck.at < 5000) return simulatorCheck.inUse
	const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.simulator, true)).limit(1)
	Object.assign(simulatorCheck, { at: Date.now(), inUse: Boolean(row) })
	return simulatorCheck.inUse
}
