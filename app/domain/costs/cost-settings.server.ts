import { z } from 'zod'
import type { Db, Tx } from '../../db/client.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { readStoreSetting, writeStoreSetting } from '../store-settings.server'
import type { CostSettingsInput } from './cost-rules'
import { requireOwner } from '../staff/permissions'

// The owner's dollar rate (with the day it was set) and PayPro's fee. Kept apart from the store
// details, which every buyer's page reads: no buyer-facing answer ever carries these.

export const COST_SETTINGS_KEY = 'costs'

const stored = z.object({
	rupeesPerDollar: z.number().positive().nullable(),
	rateSetAt: z.string().nullable(),
	payproFeePercent: z.number().min(0),
})
export type CostSettings = z.infer<typeof stored>

export const NO_COST_SETTINGS: CostSettings = { rupeesPerDollar: null, rateSetAt: null, payproFeePercent: 0 }

export const readCostSettings = (db: Db | Tx): Promise<CostSettings> => readStoreSetting(db, COST_SETTINGS_KEY, stored, NO_COST_SETTINGS)

/** Sets the rate and the fee; a rate that changes gets today's date. Audited in the same transaction. */
export async function updateCostSettings(db: Db, actor: Actor, input: CostSettingsInput, now = new Date()): Promise<{ settings: CostSettings; changed: boolean }> {
	requireOwner(actor)
	return db.transaction(async (tx) => {
		const before = await readCostSettings(tx)
		const rateChanged = before.rupeesPerDollar !== input.rupeesPerDollar
		const settings: CostSettings = {
			rupeesPerDollar: input.rupeesPerDollar,
			rateSetAt: rateChanged ? now.toISOString() : before.rateSetAt,
			payproFeePercent: input.payproFeePercent,
		}
		const changed = rateChanged || before.payproFeePercent !== input.payproFeePercent
		if (!changed) return { settings: before, changed }
		await writeStoreSetting(tx, COST_SETTINGS_KEY, settings)
		await recordAudit(tx, actor, { action: 'costs.settings', target: 'cost settings', before, after: settings })
		return { settings, changed }
	})
}
