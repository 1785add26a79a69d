import { z } from 'zod'
import type { Db, Tx } from '../../db/client.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { readStoreSetting, writeStoreSetting } from '../store-settings.server'
import type { CostSettingsInput } from './cost-rules'
import { requireOwner } from '../staff/permissions'

// The owner's dollar rate and euro rate (each with the day it was set) and PayPro's fee. Kept apart from the store
// details, which every buyer's page reads: no buyer-facing answer ever carries these.

export const COST_SETTINGS_KEY = 'costs'

const stored = z.object({
	rupeesPerDollar: z.number().positive().nullable(),
	rateSetAt: z.string().nullable(),
	payproFeePercent: z.number().min(0),
	// A supplier billing in euros (Kinguin) is converted with this one (ADR-055); settings saved before it have none.
	rupeesPerEuro: z.number().positive().nullable().default(null),
	euroRateSetAt: z.string().nullable().default(null),
})
export type CostSettings = z.infer<typeof stored>

export const NO_COST_SETTINGS: CostSettings = { rupeesPerDollar: null, rateSetAt: null, payproFeePercent: 0, rupeesPerEuro: null, euroRateSetAt: null }

export const readCostSettings = (db: Db | Tx): Promise<CostSettings> => readStoreSetting(db, COST_SETTINGS_KEY, stored, NO_COST_SETTINGS)

/** Sets the rates and the fee (a euro rate left out stays as it is); a rate that changes gets today's date. Audited in the same transaction. */
export async function updateCostSettings(db: Db, actor: Actor, input: CostSettingsInput, now = new Date()): Promise<{ settings: CostSettings; changed: boolean }> {
	requireOwner(actor)
	return db.transaction(async (tx) => {
		const before = await readCostSettings(tx)
		const rateChanged = before.rupeesPerDollar !== input.rupeesPerDollar
		const rupeesPerEuro = input.rupeesPerEuro === undefined ? before.rupeesPerEuro : input.rupeesPerEuro
		const euroChanged = before.rupeesPerEuro !== rupeesPerEuro
		const settings: CostSettings = {
			rupeesPerDollar: input.rupeesPerDollar,
			rateSetAt: rateChanged ? now.toISOString() : before.rateSetAt,
			payproFeePercent: input.payproFeePercent,
			rupeesPerEuro,
			euroRateSetAt: euroChanged ? (rupeesPerEuro == null ? null : now.toISOString()) : before.euroRateSetAt,
		}
		const changed = rateChanged || euroChanged || before.payproFeePercent !== input.payproFeePercent
		if (!changed) return { settings: before, changed }
		await writeStoreSetting(tx, COST_SETTINGS_KEY, settings)
		await recordAudit(tx, actor, { action: 'costs.settings', target: 'cost settings', before, after: settings })
		return { settings, changed }
	})
}
