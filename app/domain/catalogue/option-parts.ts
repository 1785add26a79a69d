import type { AccountType } from '../pricing/product-options'

// ADR-040: an option is shown from what it is, never by translating its English label. A duration
// reads as its months, an account as its type, the custom options as theirs, each said by the
// message catalogues (app/i18n/option-label.ts); a value's label is the owner's, because its unit
// (dollars, V-Bucks, Robux…) is not part of the data, and shows as typed.

/** What an option is: a variant, or the option a cart or order line names. */
export interface OptionFacts {
	months?: number | null
	value?: number | null
	accountType?: AccountType | null
	/** The owner's label: what a value shows, since its unit is not data. */
	label?: string | null
}

/** One part of an option's label, in the order it reads: '3 Months', 'Shared account'. */
export type OptionPart =
	| { kind: 'months'; count: number }
	| { kind: 'customDuration' }
	| { kind: 'customAmount' }
	| { kind: 'accountType'; accountType: AccountType }
	| { kind: 'own'; text: string }

/** The one reading of an option for display: its parts, from its data. No parts for a product sold as itself. */
export function optionParts(option: OptionFacts): OptionPart[] {
	const parts: OptionPart[] = []
	if (option.months != null) parts.push(option.months === 0 ? { kind: 'customDuration' } : { kind: 'months', count: option.months })
	if (option.value != null) parts.push(option.value === 0 ? { kind: 'customAmount' } : { kind: 'own', text: option.label ?? String(option.value) })
	if (option.accountType) parts.push({ kind: 'accountType', accountType: option.accountType })
	return parts
}

/** The option a line names (cart or order), as facts: its duration or value and its account type; null when it names none. */
export function lineOption(line: {
	selectedDuration?: { months: number; label: string } | null
	selectedDenomination?: { value: number; label: string } | null
	selectedAccountType?: AccountType | null
}): OptionFacts | null {
	const option = {
		months: line.selectedDuration?.months ?? null,
		value: line.selectedDenomination?.value ?? null,
		label: line.selectedDenomination?.label ?? line.selectedDuration?.label ?? null,
		accountType: line.selectedAccountType ?? null,
	}
	return optionParts(option).length > 0 ? option : null
}
