import { useEffect, useState } from 'react'
import type { AccountType } from '~/domain/pricing/product-options'
import { formatRs } from '~/utils/money'
import { Modal } from '../ui/modal'

/** Two steps: choose private or shared; shared shows its rules before it is confirmed. */
export function AccountTypeModal({
	open,
	onClose,
	onConfirm,
	optionLabel,
	privatePrice,
	sharedPrice,
	sharedConfirmLabel = 'Add Shared Account to Cart',
}: {
	open: boolean
	onClose: () => void
	onConfirm: (type: AccountType) => void
	/** The duration or value chosen on the page, which both prices are for. */
	optionLabel: string | null
	/** Prices of the chosen option as each account type; null when that type is not sold for it. */
	privatePrice: number | null
	sharedPrice: number | null
	sharedConfirmLabel?: string
}) {
	const [step, setStep] = useState<'selection' | 'sharedConfirmation'>('selection')
	useEffect(() => {
		if (open) setStep('selection')
	}, [open])

	return (
		<Modal open={open} onClose={onClose} title={step === 'selection' ? 'Choose account type' : 'Shared Account Details'}>
			{step === 'selection' ? (
				<div className="choice-list">
					{optionLabel ? <p className="muted small">Prices for {optionLabel}</p> : null}
					{privatePrice != null ? (
						<button type="button" className="button ghost block account-choice" onClick={() => onConfirm('private')}>
							<span>Private Account</span>
							<span className="price-now">{formatRs(privatePrice)}</span>
						</button>
					) : null}
					{sharedPrice != null ? (
						<button type="button" className="button ghost block account-choice" onClick={() => setStep('sharedConfirmation')}>
							<span>Shared Account</span>
							<span className="price-now">{formatRs(sharedPrice)}</span>
						</button>
					) : null}
				</div>
			) : (
				<div>
					{sharedPrice != null ? (
						<p className="muted small">
							{optionLabel ? `${optionLabel}, shared` : 'Shared account'}: {formatRs(sharedPrice)}
						</p>
					) : null}
					<ul className="rules">
						<li>At most 2 customers share one account, in a two-slot system.</li>
						<li>Each customer plays on their own profile.</li>
						<li>Shared accounts may have online and multiplayer limits; these are not refundable.</li>
						<li>A step-by-step guide is sent to you after purchase.</li>
					</ul>
					<div className="choice-list">
						<button type="button" className="button primary block" onClick={() => onConfirm('shared')}>
							{sharedConfirmLabel}
						</button>
						<button type="button" className="button ghost block" onClick={() => setStep('selection')}>
							Back to Selection
						</button>
					</div>
				</div>
			)}
		</Modal>
	)
}
