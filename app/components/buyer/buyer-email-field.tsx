import { useT } from '~/i18n/use-t'
import type { InputHTMLAttributes } from 'react'

/** The email a buyer ordered with, as the sign-in forms ask for it (order page, My orders). */
export function BuyerEmailField({ id, invalid, ...value }: { id: string; invalid: boolean } & Pick<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange'>) {
	const t = useT()
	return (
		<div className="field">
			<label htmlFor={id}>{t('order.field.email')}</label>
			<input id={id} name="email" type="email" inputMode="email" autoComplete="email" required maxLength={200} aria-invalid={invalid ? true : undefined} {...value} />
		</div>
	)
}
