import type { OrderLine } from '../../db/schema'
import { accountTypeLabel } from '../pricing/account-type-label'

// The option a buyer chose on a line, in one wording everywhere it is shown: My orders, the
// receipt, reminder emails and the console ('3 Months · Shared account', '$10 USD').


/** The line's duration or value and its account type, joined with ' · '; null when it has none. */
export function lineOptionLabel(line: Pick<OrderLine, 'selectedDuration' | 'selectedDenomination' | 'selectedAccountType'>): string | null {
	const parts = [line.selectedDuration?.label, line.selectedDenomination?.label, accountTypeLabel(line.selectedAccountType)]
	const present = parts.filter((part): part is string => Boolean(part))
	return present.length > 0 ? present.join(' · ') : null
}
