import { Link } from 'react-router'
import type { BuyQuestions } from '~/domain/orders/checkout-query'
import { BUY_FIELDS } from '~/domain/orders/buy-fields'
import { NOT_SOLD_MESSAGE, RENEWAL_NOT_FOUND } from '~/domain/orders/checkout-query'
import { termsPathOf } from '~/domain/catalogue/terms-page'
import { formatRs } from '~/utils/money'

// What checkout shows in place of its form for a line named in the address that cannot be bought as
// it is: drawn by the server only (the page's loader renders it to HTML, ADR-007), as none of it
// needs a script: links, and a plain GET form.

/**
 * Bought from the address (no scripts): what the product page's dialog and terms page ask with
 * scripts, asked here as a plain form that opens checkout with the answers.
 */
export function BuyQuestionsStep({ questions }: { questions: BuyQuestions }) {
	const { product, optionLabel, accountPrices, termsPage, carry } = questions
	const terms = termsPathOf(termsPage)
	return (
		<>
			<Link to={`/product/${product.id}`} className="button ghost back-button">
				<span aria-hidden="true">←</span> Back to Product
			</Link>
			<h1>{optionLabel ? `${product.name}, ${optionLabel}` : product.name}</h1>
			<form method="get" action="/checkout" className="order-card">
				{Object.entries(carry).map(([name, value]) => (
					<input key={name} type="hidden" name={name} value={value} />
				))}
				{accountPrices ? (
					<fieldset className="pay-methods">
						<legend>Choose account type</legend>
						{accountPrices.private != null ? (
							<label className="pay-method">
								<input type="radio" name={BUY_FIELDS.accountType} value="private" defaultChecked required />
								<span>
									<strong>
										Private Account · <span className="price-nowrap">{formatRs(accountPrices.private)}</span>
									</strong>
									<span className="muted small">The account is yours alone.</span>
								</span>
							</label>
						) : null}
						{accountPrices.shared != null ? (
							<label className="pay-method">
								<input type="radio" name={BUY_FIELDS.accountType} value="shared" defaultChecked={accountPrices.private == null} required />
								<span>
									<strong>
										Shared Account · <span className="price-nowrap">{formatRs(accountPrices.shared)}</span>
									</strong>
									<span className="muted small">
										At most 2 customers share one account, each on their own profile. Shared accounts may have online and multiplayer limits; these are
										not refundable.
									</span>
								</span>
							</label>
						) : null}
					</fieldset>
				) : null}
				{terms ? (
					<label className="checkbox">
						<input type="checkbox" name={BUY_FIELDS.terms} value="agreed" required />
						<span>
							I have read and agree to the{' '}
							<Link to={terms} target="_blank">
								{termsPage === 'game-pass-pc' ? 'PC Game Pass terms' : 'Game Pass Ultimate terms'}
							</Link>
						</span>
					</label>
				) : null}
				<button type="submit" className="button primary block">
					Continue to Checkout
				</button>
			</form>
		</>
	)
}

/** A line the shop does not sell (any more), or a renewal of a subscription it cannot find. */
export function NotAvailable({ kind, productId, message }: { kind: 'not-sold' | 'renewal-not-found' | 'renewal-not-sold'; productId: number | null; message: string | null }) {
	return (
		<>
			<h1>{kind === 'renewal-not-found' ? 'Subscription not found' : 'Not available'}</h1>
			<p className="error-box" role="alert">
				{kind === 'renewal-not-found' ? RENEWAL_NOT_FOUND : kind === 'renewal-not-sold' ? message : NOT_SOLD_MESSAGE}
			</p>
			<div className="order-actions">
				{kind !== 'renewal-not-found' && productId ? (
					<Link to={`/product/${productId}`} className="button primary">
						See the product
					</Link>
				) : null}
				<Link to="/products" className="button ghost">
					Browse Products
				</Link>
			</div>
		</>
	)
}
