import { Link } from 'react-router'
import type { BuyQuestions } from '~/domain/orders/checkout-query'
import { BUY_FIELDS } from '~/domain/orders/buy-fields'
import { termsPathOf } from '~/domain/catalogue/terms-page'
import { formatRs } from '~/utils/money'
import { useLocalePath, useT } from '~/i18n/use-t'
import { richText } from '~/components/ui/rich-text'
import { optionLabel } from '~/i18n/option-label'
import { say, type Said } from '~/i18n/words'

// What checkout shows in place of its form for a line named in the address that cannot be bought as
// it is: drawn by the server only (the page's loader renders it to HTML, ADR-007), as none of it
// needs a script: links, and a plain GET form.

/**
 * Bought from the address (no scripts): what the product page's dialog and terms page ask with
 * scripts, asked here as a plain form that opens checkout with the answers.
 */
export function BuyQuestionsStep({ questions }: { questions: BuyQuestions }) {
	const { product, option, accountPrices, termsPage, carry } = questions
	const t = useT()
	const lp = useLocalePath()
	const terms = termsPathOf(termsPage)
	return (
		<>
			<Link to={lp(`/product/${product.id}`)} className="button ghost back-button">
				<span aria-hidden="true" className="back-arrow">←</span> {t('checkout.back.product')}
			</Link>
			<h1>{option ? `${product.name}, ${optionLabel(t, option)}` : product.name}</h1>
			<form method="get" action={lp('/checkout')} className="order-card">
				{Object.entries(carry).map(([name, value]) => (
					<input key={name} type="hidden" name={name} value={value} />
				))}
				{accountPrices ? (
					<fieldset className="pay-methods">
						<legend>{t('checkout.ask.accountType')}</legend>
						{accountPrices.private != null ? (
							<label className="pay-method">
								<input type="radio" name={BUY_FIELDS.accountType} value="private" defaultChecked required />
								<span>
									<strong>
										{t('checkout.ask.private')} · <span className="price-nowrap">{formatRs(accountPrices.private)}</span>
									</strong>
									<span className="muted small">{t('checkout.ask.privateHint')}</span>
								</span>
							</label>
						) : null}
						{accountPrices.shared != null ? (
							<label className="pay-method">
								<input type="radio" name={BUY_FIELDS.accountType} value="shared" defaultChecked={accountPrices.private == null} required />
								<span>
									<strong>
										{t('checkout.ask.shared')} · <span className="price-nowrap">{formatRs(accountPrices.shared)}</span>
									</strong>
									<span className="muted small">{t('checkout.ask.sharedHint')}</span>
								</span>
							</label>
						) : null}
					</fieldset>
				) : null}
				{terms ? (
					<label className="checkbox">
						<input type="checkbox" name={BUY_FIELDS.terms} value="agreed" required />
						<span>
							{richText(t('checkout.ask.agree'), {
								terms: (
									<Link to={lp(terms)} target="_blank">
										{termsPage === 'game-pass-pc' ? t('checkout.ask.termsPc') : t('checkout.ask.termsUltimate')}
									</Link>
								),
							})}
						</span>
					</label>
				) : null}
				<button type="submit" className="button primary block">
					{t('checkout.ask.continue')}
				</button>
			</form>
		</>
	)
}

/** A line the shop does not sell (any more), or a renewal of a subscription it cannot find. */
export function NotAvailable({ kind, productId, message }: { kind: 'not-sold' | 'renewal-not-found' | 'renewal-not-sold'; productId: number | null; message: Said | null }) {
	const t = useT()
	const lp = useLocalePath()
	return (
		<>
			<h1>{kind === 'renewal-not-found' ? t('checkout.notAvailable.renewalTitle') : t('checkout.notAvailable.title')}</h1>
			<p className="error-box" role="alert">
				{kind === 'renewal-not-found' ? t('checkout.renewalNotFound') : kind === 'renewal-not-sold' && message ? say(t, message) : t('checkout.notSold')}
			</p>
			<div className="order-actions">
				{kind !== 'renewal-not-found' && productId ? (
					<Link to={lp(`/product/${productId}`)} className="button primary">
						{t('checkout.notAvailable.seeProduct')}
					</Link>
				) : null}
				<Link to={lp('/products')} className="button ghost">
					{t('checkout.browseProducts')}
				</Link>
			</div>
		</>
	)
}
