import { useEffect, useState } from 'react'
import type { AccountType } from '~/domain/pricing/product-options'
import { formatRs } from '~/utils/money'
import { useT } from '~/i18n/use-t'
import { Modal } from '../ui/modal'

/** Two steps: choose private or shared; shared shows its rules before it is confirmed. */
export function AccountTypeModal({
	open,
	onClose,
	onConfirm,
	optionLabel,
	privatePrice,
	sharedPrice,
	sharedConfirmLabel,
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
	const t = useT()
	const [step, setStep] = useState<'selection' | 'sharedConfirmation'>('selection')
	useEffect(() => {
		if (open) setStep('selection')
	}, [open])

	return (
		<Modal open={open} onClose={onClose} title={t(step === 'selection' ? 'catalogue.account.choose' : 'catalogue.account.sharedDetails')}>
			{step === 'selection' ? (
				<div className="choice-list">
					{optionLabel ? <p className="muted small">{t('catalogue.account.pricesFor', { option: optionLabel })}</p> : null}
					{privatePrice != null ? (
						<button type="button" className="button ghost block account-choice" onClick={() => onConfirm('private')}>
							<span>{t('catalogue.account.private')}</span>
							<span className="price-now">{formatRs(privatePrice)}</span>
						</button>
					) : null}
					{sharedPrice != null ? (
						<button type="button" className="button ghost block account-choice" onClick={() => setStep('sharedConfirmation')}>
							<span>{t('catalogue.account.shared')}</span>
							<span className="price-now">{formatRs(sharedPrice)}</span>
						</button>
					) : null}
				</div>
			) : (
				<div>
					{sharedPrice != null ? (
						<p className="muted small">
							{optionLabel ? t('catalogue.account.optionShared', { option: optionLabel }) : t('catalogue.account.sharedLine')}: {formatRs(sharedPrice)}
						</p>
					) : null}
					<ul className="rules">
						<li>{t('catalogue.account.rule1')}</li>
						<li>{t('catalogue.account.rule2')}</li>
						<li>{t('catalogue.account.rule3')}</li>
						<li>{t('catalogue.account.rule4')}</li>
					</ul>
					<div className="choice-list">
						<button type="button" className="button primary block" onClick={() => onConfirm('shared')}>
							{sharedConfirmLabel ?? t('catalogue.account.addShared')}
						</button>
						<button type="button" className="button ghost block" onClick={() => setStep('selection')}>
							{t('catalogue.account.back')}
						</button>
					</div>
				</div>
			)}
		</Modal>
	)
}
