import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { PolicySections } from '~/components/content/policy-sections'
import { useCart } from '~/components/cart/cart-context'
import { db } from '~/db/client.server'
import { findProductWith } from '~/domain/catalogue/list-products.server'
import { localizeProduct } from '~/domain/catalogue/localize-product'
import { TERMS_PAGES } from '~/domain/catalogue/types'
import { cartNeedsTerms } from '~/domain/cart/cart'
import { GAME_PASS_PC_TERMS, gamePassTermsAt } from '~/domain/pages/game-pass-terms.server'
import type { CheckoutState } from '~/domain/catalogue/buy-now-target'
import { pageMeta } from '~/utils/seo'
import { useHydrated } from '~/utils/use-hydrated'
import { langOf, unprefixed } from '~/i18n/lang'
import { useLocalePath, useT } from '~/i18n/use-t'
import { metaTranslate } from '~/i18n/meta-translate'
import type { Route } from './+types/game-pass-terms'

// The terms come from the server in the page's language (console or PC by its address): their text
// is not in the page's script. So does the product sold under them, for the link shown when there is
// nothing to agree to.
export async function loader({ request }: Route.LoaderArgs) {
	const { pathname } = new URL(request.url)
	const product = await findProductWith(db(), { termsPage: unprefixed(pathname) === GAME_PASS_PC_TERMS ? 'game-pass-pc' : 'game-pass-console' })
	return {
		sections: gamePassTermsAt(pathname),
		product: product ? { id: product.id, name: localizeProduct(product, langOf(pathname)).name } : null,
	}
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, {
		title: location.pathname.includes('-pc-') ? t('checkout.terms.pcTitle') : t('checkout.terms.ultimateTitle'),
		description: t('checkout.terms.metaDescription'),
		extra: [{ name: 'robots', content: 'noindex' }],
	})
}

/**
 * What is being bought under these terms: what the product page or the cart sent (the page's history
 * state), else the saved cart when it has a line sold under them (the page opened from its address or
 * reloaded). Both live in the browser only, so the server and hydration draw the terms with neither
 * the agreement nor the "nothing selected" note: `null` until the browser has read them.
 */
function usePurchase(pc: boolean): { state: CheckoutState; cartItems: unknown[] | null } | 'nothing' | null {
	const hydrated = useHydrated()
	const location = useLocation()
	const { items, readLines } = useCart()
	const [cartRead, setCartRead] = useState(false)
	const state = (location.state ?? {}) as CheckoutState
	const sent = Array.isArray(state.cartItems) && state.cartItems.length > 0 ? state.cartItems : null
	const fromPage = Boolean(state.product || sent)

	useEffect(() => {
		if (!hydrated || fromPage) return
		let live = true
		void readLines().then(() => live && setCartRead(true))
		return () => {
			live = false
		}
	}, [hydrated, fromPage, readLines])

	if (!hydrated) return null
	if (fromPage) return { state, cartItems: sent }
	if (!cartRead) return null
	return cartNeedsTerms(items, TERMS_PAGES[pc ? 'game-pass-pc' : 'game-pass-console']) ? { state: {}, cartItems: items } : 'nothing'
}

export default function GamePassTerms({ loaderData }: Route.ComponentProps) {
	const location = useLocation()
	const navigate = useNavigate()
	const t = useT()
	const lp = useLocalePath()
	const [agreed, setAgreed] = useState(false)
	const pc = unprefixed(location.pathname) === TERMS_PAGES['game-pass-pc']
	const purchase = usePurchase(pc)
	const state = purchase && purchase !== 'nothing' ? purchase.state : {}
	const cartItems = purchase && purchase !== 'nothing' ? purchase.cartItems : null
	const { product } = loaderData

	const sharedLine = (cartItems as { id?: number; selectedAccountType?: string }[] | null)?.find((i) => i.selectedAccountType === 'shared')
	const shared = !pc && (state.selectedAccountType === 'shared' || sharedLine != null)
	// Back to the shared account's own product page, with the private account chosen.
	const sharedProductId = state.product?.id ?? sharedLine?.id

	function proceed() {
		if (!agreed) return
		const next: CheckoutState = cartItems
			? { cartItems }
			: {
					product: state.product,
					selectedDuration: state.selectedDuration,
					...(!pc && state.selectedAccountType ? { selectedAccountType: state.selectedAccountType } : {}),
				}
		navigate(lp('/checkout'), { state: next })
	}

	const title = pc ? t('checkout.terms.pcTitle') : t('checkout.terms.ultimateTitle')
	// Nothing to agree to: said after the cart is read, and without scripts (the cart lives in the browser).
	const nothing = (
		<div className="terms-nothing">
			<p className="error-box">{pc ? t('checkout.terms.noPcProduct') : t('checkout.terms.noProduct')}</p>
			<p className="terms-nothing-links">
				{product ? (
					<Link to={lp(`/product/${product.id}`)} className="button primary">
						{t('checkout.terms.seeProduct', { product: product.name })}
					</Link>
				) : null}
				<Link to={lp('/products')} className={product ? 'button ghost' : 'button primary'}>
					{t('checkout.browseProducts')}
				</Link>
			</p>
		</div>
	)
	return (
		<div className="container page narrow">
			<h1>{title}</h1>
			{purchase === 'nothing' ? nothing : null}
			{purchase === null ? <noscript>{nothing}</noscript> : null}
			{shared ? (
				<div className="warning-box" role="note">
					<p>
						<strong>{t('checkout.terms.sharedTitle')}</strong> {t('checkout.terms.sharedText')}
					</p>
					{sharedProductId ? (
						<Link to={lp(`/product/${sharedProductId}`)} state={{ preselectAccountType: 'private' }}>
							{t('checkout.terms.switchPrivate')}
						</Link>
					) : null}
				</div>
			) : null}
			{/* A box that scrolls: reached by the keyboard, so its text can be scrolled without a mouse. */}
			<div className="terms-text" role="region" aria-label={title} tabIndex={0}>
				<PolicySections sections={loaderData.sections} headingLevel={2} />
			</div>
			{purchase && purchase !== 'nothing' ? (
				<>
					<label className="checkbox">
						<input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
						{t('checkout.terms.agree')}
					</label>
					<button type="button" className="button primary" disabled={!agreed} onClick={proceed}>
						{t('checkout.terms.proceed')}
					</button>
				</>
			) : null}
		</div>
	)
}
