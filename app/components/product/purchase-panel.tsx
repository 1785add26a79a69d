import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { Product } from '~/domain/catalogue/types'
import type { AccountType } from '~/domain/pricing/product-options'
import type { OfferKey, PurchaseChoices, PurchaseOption, Quote } from '~/domain/pricing/purchase-choices'
import type { OptionFacts } from '~/domain/catalogue/option-parts'
import { buyNowTargetVia } from '~/domain/catalogue/buy-now-target'
import { BUY_FIELDS } from '~/domain/orders/buy-fields'
import { chatLink, productEnquiry } from '~/utils/chat'
import { formatRs } from '~/utils/money'
import { trackPixel } from '~/utils/pixel'
import { optionLabel } from '~/i18n/option-label'
import { useLang, useLocalePath, useT } from '~/i18n/use-t'
import { useCart } from '../cart/cart-context'
import { useChatMessage } from '../layout/chat-button'
import { ProductPrice, Rs } from '../ui/price'
import { isolated, richText } from '../ui/rich-text'

// The dialogs open only at a buyer's click: their script is fetched then, not with the page (ADR-007).
const AccountTypeModal = lazy(() => import('./account-type-modal').then((m) => ({ default: m.AccountTypeModal })))
const QuoteModal = lazy(() => import('./quote-modals').then((m) => ({ default: m.QuoteModal })))

/** The panel's prices, cart lines and stock come priced from the loader (pricing/purchase-choices.ts): the browser only picks among them. */
export function PurchasePanel({
	product,
	choices,
	whatsapp,
	preselectAccountType,
}: {
	product: Product
	choices: PurchaseChoices
	whatsapp: string
	preselectAccountType: AccountType | null
}) {
	const { field, options, accountTypes: hasAccountTypes, quotes, terms, contentLink, values } = choices
	const [chosen, setChosen] = useState<PurchaseOption>(options[0]!)
	// A product sold by duration and value lists both; the pair chosen sets the price.
	const [chosenValue, setChosenValue] = useState<PurchaseOption | null>(values?.options[0] ?? null)
	const [quote, setQuote] = useState<'duration' | 'value' | null>(null)
	const [accountModal, setAccountModal] = useState<'cart' | 'buy' | null>(null)
	const addRef = useRef<HTMLButtonElement>(null)
	const { dispatch } = useCart()
	const navigate = useNavigate()
	const t = useT()
	const lang = useLang()
	const lp = useLocalePath()
	const typeName = (type: AccountType) => t(type === 'shared' ? 'catalogue.account.sharedAccount' : 'catalogue.account.privateAccount')

	// The page shows the private price (or the one the buyer switched to); the dialog offers both.
	const shownType: AccountType | null = hasAccountTypes ? (preselectAccountType ?? 'private') : null
	const keyOf = (type: AccountType | null | undefined): OfferKey => type ?? 'any'
	const chosenOffers = values && chosenValue ? (values.pairs[chosen.label]?.[chosenValue.label] ?? {}) : chosen.offers
	const shown = chosenOffers[keyOf(shownType)]
	const price = shown?.price ?? product.price
	const accountPrices = hasAccountTypes ? { private: chosenOffers.private?.price ?? null, shared: chosenOffers.shared?.price ?? null } : null
	const otherType: AccountType = shownType === 'shared' ? 'private' : 'shared'
	const saving = chosen.saving?.[keyOf(shownType)] ?? null
	const availability = shown?.availability
	const soldOut = shown?.soldOut === true
	// The option the page names (the value, when there are both), as it always has.
	const option = chosenValue ?? (field ? chosen : null)
	useChatMessage(productEnquiry(t, product.name, option && option.listed > 0 ? { label: optionLabel(t, option.facts), price } : null))

	// The custom option's quotes, as links without scripts and as the dialog's choices with them.
	const links = (list: Quote[]) => list.map((q) => ({ label: q.label, facts: q.facts, href: chatLink(whatsapp, q.text) }))
	const quoteLinks = links(quotes)
	const quoteChoices = quote === 'value' && values ? values.quotes : quotes
	function openChat(label: string) {
		const text = quoteChoices.find((q) => q.label === label)?.text
		if (text) window.open(chatLink(whatsapp, text), '_blank', 'noopener,noreferrer')
	}

	function addToCart(accountType?: AccountType) {
		const item = chosenOffers[keyOf(accountType)]?.item
		if (!item) return
		dispatch({ type: 'add', item })
		dispatch({ type: 'open' })
	}

	function buyNow(accountType?: AccountType) {
		const value = chosenOffers[keyOf(accountType)]?.price ?? price
		trackPixel('Lead', { content_name: product.name, content_ids: [product.id], value, currency: 'PKR' })
		const duration = field === 'duration' ? (product.durations?.find((d) => d.label === chosen.label) ?? null) : null
		const valueLabel = field === 'value' ? chosen.label : chosenValue?.label
		const denomination = valueLabel ? (product.denominations?.find((d) => d.label === valueLabel) ?? null) : null
		const target = buyNowTargetVia(terms, product, { duration, denomination, accountType: accountType ?? null })
		navigate(lp(target.to), { state: target.state })
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
						{t('catalogue.panel.save')} <Rs amount={saving.saving} /> <s>{formatRs(saving.doubled)}</s>
					</span>
				) : null}
			</p>
			{accountPrices?.[otherType] ? (
				<p className="muted small account-price-note">
					{shownType ? t('catalogue.panel.typePrice', { type: typeName(shownType) }) : null} {richText(t('catalogue.panel.otherPrice'), { type: typeName(otherType), price: <Rs amount={accountPrices[otherType]!} /> })}
				</p>
			) : null}

			{/* A real form: without scripts (or before they start) Buy Now opens checkout with what is chosen here. */}
			<form method="get" action={lp('/checkout')} onSubmit={buy}>
				<input type="hidden" name={BUY_FIELDS.product} value={product.id} />
				{field === 'duration' ? (
					<OptionSelect
						id="duration"
						name={BUY_FIELDS.duration}
						label={t('catalogue.panel.duration')}
						options={options}
						value={chosen}
						shownKey={keyOf(shownType)}
						onChoose={setChosen}
						onCustom={() => setQuote('duration')}
						customButton={t('catalogue.panel.checkPrices')}
						customButtonClass="desktop-only"
						quoteLinks={quoteLinks}
					/>
				) : null}

				{values && chosenValue ? (
					<OptionSelect
						id="denomination"
						name={BUY_FIELDS.value}
						label={t('catalogue.panel.value')}
						options={values.options}
						value={chosenValue}
						shownKey={keyOf(shownType)}
						onChoose={setChosenValue}
						onCustom={() => setQuote('value')}
						customButton={t('catalogue.panel.getQuote')}
						quoteLinks={links(values.quotes)}
					/>
				) : null}

				{field === 'value' ? (
					<OptionSelect
						id="denomination"
						name={BUY_FIELDS.value}
						label={t('catalogue.panel.value')}
						options={options}
						value={chosen}
						shownKey={keyOf(shownType)}
						onChoose={setChosen}
						onCustom={() => setQuote('value')}
						customButton={t('catalogue.panel.getQuote')}
						quoteLinks={quoteLinks}
					/>
				) : null}

				{availability && availability !== 'manual' ? (
					<p className={`stock-note small ${availability === 'out' ? 'muted' : ''}`} role="status">
						{t(availability === 'instant' ? 'catalogue.panel.instant' : availability === 'few' ? 'catalogue.panel.fewLeft' : soldOut ? 'catalogue.panel.outOfStock' : 'catalogue.panel.byHand')}
					</p>
				) : null}
				<div className="buy-actions">
					<button type="submit" className="button primary" disabled={soldOut}>
						{option && option.listed > 0 ? (
							<>
								{/* Without scripts the label cannot follow the list: it says Buy Now, and checkout shows the price. */}
								<span className="script-only">{t('catalogue.panel.buyOption', { option: isolated(lang, optionLabel(t, option.facts)), price: formatRs(price) })}</span>
								<span className="noscript-only">{t('catalogue.panel.buyNow')}</span>
							</>
						) : (
							t('catalogue.panel.buyNow')
						)}
					</button>
					<button ref={addRef} type="button" className="button ghost" disabled={soldOut} onClick={() => (hasAccountTypes ? setAccountModal('cart') : addToCart())}>
						{t('catalogue.panel.addToCart')}
					</button>
				</div>
				<p className="muted small noscript-only">{t('catalogue.panel.noScript')}</p>

			</form>

			{contentLink ? (
				<p>
					<Link to={lp(contentLink.to)}>{t(contentLink.to === '/game-pass-library' ? 'catalogue.panel.includedGames' : 'catalogue.panel.includedContent')}</Link>
				</p>
			) : null}

			{quote ? (
				<Suspense fallback={null}>
					<QuoteModal
						open
						onClose={() => setQuote(null)}
						{...(quote === 'duration'
							? { title: t('catalogue.panel.customDuration'), intro: t('catalogue.panel.customDurationIntro') }
							: { title: t('catalogue.panel.customAmount'), intro: t('catalogue.panel.customAmountIntro') })}
						choices={quoteChoices.map((q) => ({ key: q.label, label: q.facts ? optionLabel(t, q.facts) : q.label }))}
						onChoose={openChat}
					/>
				</Suspense>
			) : null}
			{accountPrices && accountModal !== null ? (
				<Suspense fallback={null}>
					<AccountTypeModal
						open
						onClose={() => setAccountModal(null)}
						optionLabel={option && option.listed > 0 ? isolated(lang, optionLabel(t, option.facts)) : null}
						privatePrice={accountPrices.private}
						sharedPrice={accountPrices.shared}
						sharedConfirmLabel={t(accountModal === 'buy' ? 'catalogue.account.buyShared' : 'catalogue.account.addShared')}
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
function OptionSelect({
	id,
	name,
	label,
	options,
	value,
	shownKey,
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
	options: PurchaseOption[]
	value: PurchaseOption
	/** Whose price each option shows: the account type the page shows. */
	shownKey: OfferKey
	onChoose: (option: PurchaseOption) => void
	onCustom: () => void
	customButton: string
	customButtonClass?: string
	/** The same quotes as plain WhatsApp links, product and length or range written in: what works without scripts. */
	quoteLinks: { label: string; facts?: OptionFacts; href: string }[]
}) {
	const t = useT()
	const lang = useLang()
	const ref = useRef<HTMLSelectElement>(null)
	// A choice made before the scripts started is the choice: the page starts from what it shows.
	useLayoutEffect(() => {
		const shown = ref.current?.value
		if (!shown || shown === value.label) return
		const next = options.find((o) => o.label === shown)
		if (next && !next.custom) onChoose(next)
		// eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the scripts take over the page
	}, [])
	const hasCustom = options.some((o) => o.custom)
	return (
		<div className="field">
			<label htmlFor={id}>{label}</label>
			<div className="field-row">
				<select
					ref={ref}
					id={id}
					name={name}
					value={value.label}
					onChange={(e) => {
						const next = options.find((o) => o.label === e.target.value)
						if (!next) return
						if (next.custom) onCustom()
						else onChoose(next)
					}}
				>
					{options.map((o) => (
						<option key={o.label} value={o.label}>
							{isolated(lang, o.custom ? optionLabel(t, o.facts) : `${optionLabel(t, o.facts)} - ${formatRs(o.offers[shownKey]?.price ?? o.listed)}`)}
						</option>
					))}
				</select>
				{hasCustom ? (
					<button type="button" className={`button ghost script-only ${customButtonClass}`} onClick={onCustom}>
						{customButton}
					</button>
				) : null}
			</div>
			{hasCustom && quoteLinks.length ? (
				// Without scripts the dialog cannot open: the quotes are links that open WhatsApp with the request written.
				<details className="noscript-only quote-links">
					<summary className="button ghost">{customButton}</summary>
					<p className="muted small">{t('catalogue.panel.askQuote')}</p>
					<ul>
						{quoteLinks.map((q) => (
							<li key={q.label}>
								<a href={q.href} target="_blank" rel="noopener noreferrer">
									{q.facts ? optionLabel(t, q.facts) : q.label}
								</a>
							</li>
						))}
					</ul>
				</details>
			) : null}
		</div>
	)
}
