import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { PolicySections } from '~/components/content/policy-sections'
import { gamePassTermsAt } from '~/domain/pages/game-pass-terms.server'
import type { CheckoutState } from '~/domain/catalogue/buy-now-target'
import { pageMeta } from '~/utils/seo'
import { unprefixed } from '~/i18n/lang'
import { useLocalePath, useT } from '~/i18n/use-t'
import { metaTranslate } from '~/i18n/meta-translate'
import type { Route } from './+types/game-pass-terms'

// The terms come from the server in the page's language (console or PC by its address): their text
// is not in the page's script.
export function loader({ request }: Route.LoaderArgs) {
	return { sections: gamePassTermsAt(new URL(request.url).pathname) }
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, {
		title: location.pathname.includes('-pc-') ? t('checkout.terms.pcTitle') : t('checkout.terms.ultimateTitle'),
		description: t('checkout.terms.metaDescription'),
		extra: [{ name: 'robots', content: 'noindex' }],
	})
}

export default function GamePassTerms({ loaderData }: Route.ComponentProps) {
	const location = useLocation()
	const navigate = useNavigate()
	const t = useT()
	const lp = useLocalePath()
	const [agreed, setAgreed] = useState(false)
	const pc = unprefixed(location.pathname) === '/game-pass-pc-terms'
	const state = (location.state ?? {}) as CheckoutState
	const cartItems = Array.isArray(state.cartItems) && state.cartItems.length > 0 ? state.cartItems : null

	if (!state.product && !cartItems) {
		return (
			<div className="container page narrow center">
				<p className="error-box">{pc ? t('checkout.terms.noPcProduct') : t('checkout.terms.noProduct')}</p>
				<Link to={lp('/products')} className="button primary">
					{t('checkout.browseProducts')}
				</Link>
			</div>
		)
	}

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

	return (
		<div className="container page narrow">
			<h1>{pc ? t('checkout.terms.pcTitle') : t('checkout.terms.ultimateTitle')}</h1>
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
			<div className="terms-text">
				<PolicySections sections={loaderData.sections} headingLevel={2} />
			</div>
			<label className="checkbox">
				<input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
				{t('checkout.terms.agree')}
			</label>
			<button type="button" className="button primary" disabled={!agreed} onClick={proceed}>
				{t('checkout.terms.proceed')}
			</button>
		</div>
	)
}
