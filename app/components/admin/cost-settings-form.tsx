import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { useConsoleForm } from '~/components/admin/console-form'
import { TextField } from '~/components/admin/text-field'
import { Notice } from '~/components/admin/action-result'
import { ErrorAlert } from '~/components/ui/error-alert'
import { costSettingsForm, euroRateText, rateText } from '~/domain/costs/cost-rules'
import type { CostSettings } from '~/domain/costs/cost-settings.server'
import { formatPakistanDay } from '~/utils/pakistan-time'

type Answer = { ok: boolean; message: string; intent?: string; fieldErrors?: Record<string, string>; values?: Record<string, string>; savedAt?: number }

/** "Rs. 280 per US$, set 27 Nov 2026", or that none is set. */
export function rateLine(costs: Pick<CostSettings, 'rupeesPerDollar' | 'rateSetAt'>) {
	if (costs.rupeesPerDollar == null) return 'No dollar rate is set: costs in US dollars are not counted until one is.'
	return `${rateText(costs.rupeesPerDollar)}${costs.rateSetAt ? `, set ${formatPakistanDay(costs.rateSetAt)}` : ''}`
}

/** "Rs. 305 per €, set 6 Dec 2026", or that none is set (suppliers billing in euros wait for it). */
export function euroRateLine(costs: Pick<CostSettings, 'rupeesPerEuro' | 'euroRateSetAt'>) {
	if (costs.rupeesPerEuro == null) return 'No euro rate is set: purchases from suppliers that bill in euros (Kinguin) wait for staff until one is.'
	return `${euroRateText(costs.rupeesPerEuro)}${costs.euroRateSetAt ? `, set ${formatPakistanDay(costs.euroRateSetAt)}` : ''}`
}

/** What the form's boxes start from, as a key: the page draws the form anew when it changes. */
export const savedCostsKey = (costs: Pick<CostSettings, 'rupeesPerDollar' | 'rupeesPerEuro' | 'payproFeePercent'>) => `costs:${costs.rupeesPerDollar}:${costs.rupeesPerEuro}:${costs.payproFeePercent}`

/** The owner's dollar and euro rates and PayPro's fee (store details page): its own form, checked with its schema. */
export function CostSettingsForm({ costs, answer, busy }: { costs: CostSettings; answer: Answer | null; busy: boolean }) {
	const refusal = answer && !answer.ok ? answer : null
	const [form, fields] = useConsoleForm(costSettingsForm, {
		id: `costs-${answer?.ok ? answer.savedAt : 'form'}`,
		answer: refusal,
		defaultValue: { rupeesPerDollar: costs.rupeesPerDollar == null ? '' : String(costs.rupeesPerDollar), rupeesPerEuro: costs.rupeesPerEuro == null ? '' : String(costs.rupeesPerEuro), payproFeePercent: String(costs.payproFeePercent) },
	})
	return (
		<section className="settings-section cost-settings" aria-labelledby="costs-heading" id="costs">
			<h2 id="costs-heading">Costs and fees</h2>
			<p className="muted small">Only you see these. Options’ costs in US dollars are converted at the dollar rate, and suppliers’ prices at the rate of their currency (Kinguin’s are in euros); each paid order records its cost, PayPro’s fee and its profit when it is paid.</p>
			<p className="cost-rate" data-testid="rate-line">
				<strong>{rateLine(costs)}</strong>
			</p>
			<p className="cost-rate" data-testid="euro-rate-line">
				<strong>{euroRateLine(costs)}</strong>
			</p>
			<Notice message={answer?.ok ? answer.message : null} />
			<ErrorAlert message={refusal && !Object.keys(refusal.fieldErrors ?? {}).length ? refusal.message : null} />
			<Form method="post" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="costs" />
				<div className="field-grid">
					<TextField field={fields.rupeesPerDollar} label="Rupees per US dollar" inputMode="decimal" autoComplete="off" placeholder="e.g. 280" />
					<TextField field={fields.rupeesPerEuro} label="Rupees per euro" inputMode="decimal" autoComplete="off" placeholder="e.g. 305" hint="For suppliers that bill in euros, like Kinguin. Empty: none." />
					<TextField
						field={fields.payproFeePercent}
						label="PayPro’s fee (%)"
						inputMode="decimal"
						autoComplete="off"
						placeholder="e.g. 2.5"
						hint="Taken off orders paid through PayPro; transfers and DM orders pay none."
					/>
				</div>
				<button type="submit" className="button primary" disabled={busy}>
					{busy ? 'Saving…' : 'Save rates and fee'}
				</button>
			</Form>
		</section>
	)
}
