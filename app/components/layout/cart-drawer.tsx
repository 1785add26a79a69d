import { useRef } from 'react'
import { useNavigate } from 'react-router'
import { cartTotal, checkoutDestination, linePrice } from '~/domain/cart/cart'
import { LinePriceNote } from '../cart/line-price-note'
import { Rs } from '../ui/price'
import { useCart } from '../cart/cart-context'
import { ProductImage } from '../product/product-image'
import { useLang, useLocalePath, useT } from '~/i18n/use-t'
import { isolated } from '../ui/rich-text'
import { optionLabel } from '~/i18n/option-label'
import { useDialogKeys } from '../ui/use-dialog-keys'

export function CartDrawer() {
	const { items, count, isOpen, dispatch } = useCart()
	const t = useT()
	const lp = useLocalePath()
	const lang = useLang()
	const navigate = useNavigate()
	const drawerRef = useRef<HTMLElement>(null)

	// A modal dialog: focus in, Tab kept inside, Escape closes, focus back to what opened it.
	useDialogKeys(drawerRef, isOpen, () => dispatch({ type: 'close' }))

	function proceed() {
		const destination = checkoutDestination(items)
		if (!destination) return
		dispatch({ type: 'close' })
		navigate(lp(destination), { state: { cartItems: items } })
	}

	return (
		<>
			<div className={isOpen ? 'drawer-scrim open' : 'drawer-scrim'} onClick={() => dispatch({ type: 'close' })} aria-hidden="true" />
			<aside
				ref={drawerRef}
				className={isOpen ? 'cart-drawer open' : 'cart-drawer'}
				aria-label={t('common.cart.label')}
				aria-hidden={!isOpen}
				aria-modal={isOpen}
				inert={!isOpen}
				role="dialog"
			>
				<div className="drawer-head">
					<h2>{t('common.cart.title')}</h2>
					<button type="button" className="icon-button" onClick={() => dispatch({ type: 'close' })} aria-label={t('common.cart.close')}>
						×
					</button>
				</div>
				{items.length === 0 && count > 0 ? (
					// The saved cart's lines are being read: nothing is said until they are there.
					<div className="cart-empty" aria-busy="true" />
				) : items.length === 0 ? (
					<div className="cart-empty">
						<p className="cart-empty-title">{t('common.cart.emptyTitle')}</p>
						<p className="muted">{t('common.cart.emptyText')}</p>
					</div>
				) : (
					<ul className="cart-lines">
						{items.map((item, index) => (
							<li key={`${item.id}-${item.selectedDuration?.label ?? ''}-${item.selectedDenomination?.label ?? ''}`} className="cart-line">
								<ProductImage src={item.image} imageSet={item.imageSet} alt="" size={64} sizes="64px" className="product-thumb" labels={{ loading: t('common.image.loading'), unavailable: t('common.image.unavailable') }} />
								<div className="cart-line-body">
									<p className="cart-line-name">{item.name}</p>
									{item.selectedDuration ? <p className="muted small">{t('common.cart.duration', { label: isolated(lang, optionLabel(t, item.selectedDuration)) })}</p> : null}
									{item.selectedDenomination ? <p className="muted small">{t('common.cart.value', { label: isolated(lang, optionLabel(t, item.selectedDenomination)) })}</p> : null}
									{item.selectedAccountType ? (
										<p className="muted small">{t('common.cart.account', { type: t(item.selectedAccountType === 'shared' ? 'common.account.shared' : 'common.account.private') })}</p>
									) : null}
									<div className="qty">
										<button type="button" aria-label={t('common.cart.decrease', { name: item.name })} onClick={() => dispatch({ type: 'updateQuantity', index, quantity: item.quantity - 1 })}>
											−
										</button>
										<span aria-live="polite" aria-label={t('common.cart.quantity', { count: item.quantity })}>{item.quantity}</span>
										<button type="button" aria-label={t('common.cart.increase', { name: item.name })} onClick={() => dispatch({ type: 'updateQuantity', index, quantity: item.quantity + 1 })}>
											+
										</button>
									</div>
								</div>
								<div className="cart-line-end">
									<p className="cart-line-total">{item.unavailable ? <s><Rs amount={linePrice(item) * item.quantity} /></s> : <Rs amount={linePrice(item) * item.quantity} />}</p>
									<button type="button" className="link-button" onClick={() => dispatch({ type: 'remove', index })} aria-label={t('common.cart.removeLabel', { name: item.name })}>
										{t('common.cart.remove')}
									</button>
								</div>
								<LinePriceNote item={item} />
							</li>
						))}
					</ul>
				)}
				<div className="drawer-foot">
					<p className="cart-total">
						<span>{t('common.cart.total')}</span>
						<strong data-testid="cart-total"><Rs amount={cartTotal(items)} /></strong>
					</p>
					<button type="button" className="button primary block" onClick={proceed} aria-disabled={checkoutDestination(items) === null}>
						{t('common.cart.checkout')}
					</button>
					<button type="button" className="button ghost block" onClick={() => dispatch({ type: 'close' })}>
						{t('common.cart.continue')}
					</button>
				</div>
			</aside>
		</>
	)
}
