import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { CONTENT_PAGES, type Denomination, type DurationOption, type Product } from '~/domain/catalogue/types'
import { toCartItem } from '~/domain/cart/to-cart-item'
import {
	denominationsOf,
	durationsOf,
	isCustomDenomination,
	isCustomDuration,
	quotableMonths,
	twoMonthSaving,
	type AccountType,
} from '~/domain/pricing/product-options'
import { offersAccountTypes, priceChoice, priceOf } from '~/domain/pricing/price-of'
import { buyNowTarget } from '~/domain/catalogue/buy-now-target'
import { BUY_FIELDS } from '~/domain/orders/buy-fields'
import { chatLink, customDurationQuote, customValueQuote, productEnquiry } from '~/utils/chat'
import { formatRs } from '~/utils/money'
import { trackPixel } from '~/utils/pixel'
import { useCart } from '../cart/cart-context'
import { useChatMessage } from '../layout/chat-button'
import { ProductPrice, Rs } from '../ui/price'
import { accountTypeLabel } from '~/domain/pricing/account-type-label'

// The dialogs open only at a buyer's click: their script is fetched then, not with the page (ADR-007).
const AccountTypeModal = lazy(() => import('./account-type-modal').then((m) => ({ default: m.AccountTypeModal })))
const QuoteModal = lazy(() => import('./quote-modals').then((m) => ({ default: m.QuoteModal })))

const CUSTOM_VALUE_RANGES = ['$20-$50', '$50-$80', '$80-$100']

export function PurchasePanel({
	product,
	whatsapp,
	preselectAccountType,
	stock,
}: {
	product: Product
	whatsapp: string
	preselectAccountType: AccountType | null
	/** Per option id: 'instant' | 'few' | 'out' | 'manual' (never a count); stockOnly: an option that is out cannot be bought. */
	stock?: { availability: Record<number, string>; stockOnly: boolean }
}) {
	// The custom duration is offered only for lengths not already priced on the page.
	const quoteMonths = quotableMonths(durationsOf(product))
	const durations = durationsOf(product)?.filter((d) => !isCustomDuration(d) || quoteMonths.length > 0) ?? null
	const denominations = denominationsOf(product)
	const [duration, setDuration] = useState<DurationOption | null>(durations?.[0] ?? null)
	const [denomination, setDenomination] = useState<Denomination | null>(denominations?.[0] ?? null)
	const [quote, setQuote] = useState<'duration' | 'value' | null>(null)
	const [accountModal, setAccountModal] = useState<'cart' | 'buy' | null>(null)
	const addRef = useRef<HTMLButtonElement>(null)
	const { dispatch } = useCart()
	const navigate = useNavigate()

	const chosen = denomination ?? duration
	const hasAccountTypes = offersAccountTypes(product)
	// The page shows the private price (or the one the buyer switched to); the dialog offers both.
	const shownType: AccountType | null = hasAccountTypes ? (preselectAccountType ?? 'private') : null
	const choice = { duration, denomination }
	const price = priceOf(product, { ...choice, accountType: shownType }) ?? product.price
	const accountPrices = hasAccountTypes
		? { private: priceOf(product, { ...choice, accountType: 'private' }), shared: priceOf(product, { ...choice, accountType: 'shared' }) }
		: null
	const otherType: AccountType = shownType === 'shared' ? 'private' : 'shared'
	const saving = duration?.months === 2 ? twoMonthSaving(durations, (d) => priceOf(product, { duration: d, accountType: shownType })) : null
	const pricedChoice = priceChoice(product, { ...choice, accountType: shownType })
	const availability = 'variantId' in pricedChoice && pricedChoice.variantId != null ? stock?.availability[pricedChoice.variantId] : undefined
	const soldOut = availability === 'out' && stock?.stockOnly === true
	useChatMessage(productEnquiry(product.name, chosen && chosen.price > 0 ? { label: chosen.label, price } : null))

	function openChat(text: string) {
		window.open(chatLink(whatsapp, text), '_blank', 'noopener,noreferrer')
	}

	function addToCart(accountType?: AccountType) {
		const item = toCartItem(product, { ...choice, accountType })
		if (!item) return
		dispatch({ type: 'add', item })
		dispatch({ type: 'open' })
	}

	function buyNow(accountType?: AccountType) {
		const value = priceOf(product, { ...choice, accountType }) ?? price
		trackPixel('Lead', { content_name: product.name, content_ids: [product.id], value, currency: 'PKR' })
		const target = buyNowTarget(product, { duration, denomination, accountType: accountType ?? null })
		navigate(target.to, { state: target.state })
	}

	function buy(event: React.FormEvent) {
		event.preventDefault()
		if (hasAccountTypes) setAccountModal('buy')
		else buyNow()
	}

	return (
		<div className="purchase">
			<p className="product-price">
				<ProductPrice price={price} originalPrice={product.originalPrice} />
				{saving ? (
					<span className="save-badge">
						Save <Rs amount={saving.saving} /> <s>{formatRs(saving.doubled)}</s>
					</span>
				) : null}
			</p>
			{accountPrices?.[otherType] ? (
				<p className="muted small account-price-note">
					{accountTypeLabel(shownType)} price. {accountTypeLabel(otherType)}: <Rs amount={accountPrices[otherType]!} />.
				</p>
			) : null}

			{/* A real form: without scripts (or before they start) Buy Now opens checkout with what is chosen here. */}
			<form method="get" action="/checkout" onSubmit={buy}>
				<input type="hidden" name={BUY_FIELDS.product} value={product.id} />
				{durations ? (
					<OptionSelect
						id="duration"
						name={BUY_FIELDS.duration}
						label="Duration"
						options={durations}
						value={duration}
						isCustom={isCustomDuration}
						optionPrice={(d) => priceOf(product, { duration: d, accountType: shownType })}
						onChoose={setDuration}
						onCustom={() => setQuote('duration')}
						customButton="Check Prices"
						customButtonClass="desktop-only"
						quoteLinks={quoteMonths.map((m) => ({ label: `${m} Months`, href: chatLink(whatsapp, customDurationQuote(product.name, m)) }))}
					/>
				) : null}

				{denominations ? (
					<OptionSelect
						id="denomination"
						name={BUY_FIELDS.value}
						label="Value"
						options={denominations}
						value={denomination}
						isCustom={isCustomDenomination}
						optionPrice={(d) => priceOf(product, { denomination: d, accountType: shownType })}
						onChoose={setDenomination}
						onCustom={() => setQuote('value')}
						customButton="Get Quote"
						quoteLinks={CUSTOM_VALUE_RANGES.map((r) => ({ label: r, href: chatLink(whatsapp, customValueQuote(product.name, r)) }))}
					/>
				) : null}

				{availability && availability !== 'manual' ? (
					<p className={`stock-note small ${availability === 'out' ? 'muted' : ''}`} role="status">
						{availability === 'instant' ? 'Instant delivery' : availability === 'few' ? 'Instant delivery · Only a few left' : soldOut ? 'Out of stock' : 'Out of stock · delivered by hand after payment'}
					</p>
				) : null}
				<div className="buy-actions">
					<button type="submit" className="button primary" disabled={soldOut}>
						{chosen && chosen.price > 0 ? (
							<>
								{/* Without scripts the label cannot follow the list: it says Buy Now, and checkout shows the price. */}
								<span className="script-only">{`Buy ${chosen.label} - ${formatRs(price)}`}</span>
								<span className="noscript-only">Buy Now</span>
							</>
						) : (
							'Buy Now'
						)}
					</button>
					<button ref={addRef} type="button" className="button ghost" disabled={soldOut} onClick={() => (hasAccountTypes ? setAccountModal('cart') : addToCart())}>
						Add to Cart
					</button>
				</div>
				<p className="muted small noscript-only">The cart needs JavaScript, which is off in this browser. Buy Now works without it.</p>

			</form>

			{product.contentPage ? (
				<p>
					<Link to={product.contentPage}>{CONTENT_PAGES[product.contentPage]}</Link>
				</p>
			) : null}

			{quote ? (
				<Suspense fallback={null}>
					{quote === 'duration' ? (
						<QuoteModal
							open
							onClose={() => setQuote(null)}
							title="Custom Duration"
							intro="Choose a length and we'll send you a quote on WhatsApp."
							choices={quoteMonths.map((m) => ({ key: String(m), label: `${m} Months` }))}
							onChoose={(m) => openChat(customDurationQuote(product.name, Number(m)))}
						/>
					) : (
						<QuoteModal
							open
							onClose={() => setQuote(null)}
							title="Custom Amount"
							intro="Choose a value range and we'll send you a quote on WhatsApp."
							choices={CUSTOM_VALUE_RANGES.map((r) => ({ key: r, label: r }))}
							onChoose={(r) => openChat(customValueQuote(product.name, r))}
						/>
					)}
				</Suspense>
			) : null}
			{accountPrices && accountModal !== null ? (
				<Suspense fallback={null}>
					<AccountTypeModal
						open
						onClose={() => setAccountModal(null)}
						optionLabel={chosen && chosen.price > 0 ? chosen.label : null}
						privatePrice={accountPrices.private}
						sharedPrice={accountPrices.shared}
						sharedConfirmLabel={accountModal === 'buy' ? 'Buy Shared Account' : 'Add Shared Account to Cart'}
						onConfirm={(type) => {
							const mode = accountModal
							setAccountModal(null)
							if (mode === 'buy') return buyNow(type)
							addToCart(type)
							setTimeout(() => addRef.current?.focus(), 100)
						}}
					/>
				</Suspense>
			) : null}
		</div>
	)
}

/** A duration or value dropdown; its custom option opens the quote modal instead of being selected. */
function OptionSelect<T extends { label: string; price: number }>({
	id,
	name,
	label,
	options,
	value,
	isCustom,
	optionPrice,
	onChoose,
	onCustom,
	customButton,
	customButtonClass = '',
	quoteLinks,
}: {
	id: string
	/** The field's name in the Buy Now form (checkout's address). */
	name: string
	label: string
	options: T[]
	value: T | null
	isCustom: (option: T) => boolean
	optionPrice: (option: T) => number | null
	onChoose: (option: T) => void
	onCustom: () => void
	customButton: string
	customButtonClass?: string
	/** The same quotes as plain WhatsApp links, product and length or range written in: what works without scripts. */
	quoteLinks: { label: string; href: string }[]
}) {
	const ref = useRef<HTMLSelectElement>(null)
	// A choice made before the scripts started is the choice: the page starts from what it shows.
	useLayoutEffect(() => {
		const shown = ref.current?.value
		if (!shown || shown === value?.label) return
		const next = options.find((o) => o.label === shown)
		if (next && !isCustom(next)) onChoose(next)
		// eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the scripts take over the page
	}, [])
	return (
		<div className="field">
			<label htmlFor={id}>{label}</label>
			<div className="field-row">
				<select
					ref={ref}
					id={id}
					name={name}
					value={value?.label ?? ''}
					onChange={(e) => {
						const next = options.find((o) => o.label === e.target.value)
						if (!next) return
						if (isCustom(next)) onCustom()
						else onChoose(next)
					}}
				>
					{options.map((o) => (
						<option key={o.label} value={o.label}>
							{isCustom(o) ? o.label : `${o.label} - ${formatRs(optionPrice(o) ?? o.price)}`}
						</option>
					))}
				</select>
				{options.some(isCustom) ? (
					<button type="button" className={`button ghost script-only ${customButtonClass}`} onClick={onCustom}>
						{customButton}
					</button>
				) : null}
			</div>
			{options.some(isCustom) && quoteLinks.length ? (
				// Without scripts the dialog cannot open: the quotes are links that open WhatsApp with the request written.
				<details className="noscript-only quote-links">
					<summary className="button ghost">{customButton}</summary>
					<p className="muted small">Ask for a quote on WhatsApp:</p>
					<ul>
						{quoteLinks.map((q) => (
							<li key={q.label}>
								<a href={q.href} target="_blank" rel="noopener noreferrer">
									{q.label}
								</a>
							</li>
						))}
					</ul>
				</details>
			) : null}
		</div>
	)
}
