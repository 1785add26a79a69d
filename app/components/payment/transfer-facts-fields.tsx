import { useId } from 'react'
import { PAYER_MAX } from '~/domain/payments/transfer-tid'
import { useT } from '~/i18n/use-t'

/** A transfer's TID and who paid, as the buyer typed them. */
export interface TypedTransfer {
	transactionId: string
	payerAccount: string
}

/**
 * The transfer's transaction ID and who paid, asked with every receipt (ADR-049). Drawn before the
 * file picker, so a plain form sends them before the file (the server reads them first).
 */
export function TransferFactsFields({
	disabled,
	values,
	onChange,
	typed,
}: {
	disabled?: boolean
	values?: TypedTransfer
	onChange?: (name: 'transactionId' | 'payerAccount', value: string) => void
	/** A plain form sent back refused: what was typed, as the fields' starting values. */
	typed?: TypedTransfer | null
}) {
	const t = useT()
	const id = useId()
	const controlled = (name: 'transactionId' | 'payerAccount') =>
		values && onChange ? { value: values[name], onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value) } : typed ? { defaultValue: typed[name] } : {}
	return (
		<div className="receipt-transfer-facts">
			<div className="field">
				<label htmlFor={`${id}-tid`}>{t('checkout.receipt.tidLabel')}</label>
				<input id={`${id}-tid`} name="transactionId" required maxLength={60} autoComplete="off" spellCheck={false} dir="ltr" aria-describedby={`${id}-tid-hint`} disabled={disabled} {...controlled('transactionId')} />
				<p className="muted small" id={`${id}-tid-hint`}>
					{t('checkout.receipt.tidHint')}
				</p>
			</div>
			<div className="field">
				<label htmlFor={`${id}-payer`}>{t('checkout.receipt.payerLabel')}</label>
				<input id={`${id}-payer`} name="payerAccount" required maxLength={PAYER_MAX} autoComplete="name" aria-describedby={`${id}-payer-hint`} disabled={disabled} {...controlled('payerAccount')} />
				<p className="muted small" id={`${id}-payer-hint`}>
					{t('checkout.receipt.payerHint')}
				</p>
			</div>
		</div>
	)
}
