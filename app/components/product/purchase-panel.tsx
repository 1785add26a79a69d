import { useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { Denomination, DurationOption, Product } from '~/domain/catalogue/types'
import { toCartItem } from '~/domain/cart/to-cart-item'
import {
	denominationsOf,
	durationsOf,
	isCustomDenomination,
	isCustomDuration,
	twoMonthSaving,
	type AccountType,
} from '~/domain/pricing/product-options'
import { buyNowTarget } from '~/domain/catalogue/buy-now-target'
import { chatLink, customDurationQuote, customValueQuote, productEnquiry } from '~/utils/chat'
import { formatRs } from '~/utils/money'
import { trackPixel } from '~/utils/pixel'
import { useCart } from '../cart/cart-context'
import { useChatMessage } from '../layout/chat-button'
import { ProductPrice } from '../ui/price'
import { AccountTypeModal } from './account-type-modal'
import { CUSTOM_DURATION_MONTHS, CUSTOM_VALUE_RANGES, QuoteModal } from './quote-modals'

const INCLUDED_LINKS: Record<number, { to: string; label: string }> = {
	1: { to: '/game-pass-library', label: 'View Included Games' },
	10: { to: '/game-pass-library', label: 'View Included Games' },
	5: { to: '/gta-v-content', label: 'View Included Content' },
	6: { to: '/tekken-7-content', label: 'View Included Content' },
}

export function PurchasePanel({
	product,
	whatsapp,
	preselectAccountType,
}: {
	product: Product
	whatsapp: string
	preselectAccountType: AccountType | null
}) {
	const durations = durationsOf(product)
	const denominations = denominationsOf(product)
	const [duration, setDuration] = useState<DurationOption | null>(durations?.[0] ?? null)
	const [denomination, setDenomination] = useState<Denomination | null>(denominations?.[0] ?? null)
	const [quote, setQuote] = useState<'duration' | 'value' | null>(null)
	const [accountModal, setAccountModal] = useState<'cart' | 'buy' | null>(null)
	const addRef = useRef<HTMLButtonElement>(null)
	const { dispatch } = useCart()
	const navigate = useNavigate()

	const chosen = denomination ?? duration
	const price = chosen && chosen.price > 0 ? chosen.price : product.price
	const saving = duration?.months === 2 ? twoMonthSaving(durations) : null
	const hasAccountTypes = product.privatePrice != null && product.sharedPrice != null
	useChatMessage(productEnquiry(product.name, chosen && chosen.price > 0 ? chosen : null))

	function openChat(text: string) {
		window.open(chatLink(whatsapp, text), '_blank', 'noopener,noreferrer')
	}

	function addToCart(accountType?: AccountType) {
		// Product 1's account modal adds a one-month account at the private or shared price (§4).
		const item =
			accountType && product.id === 1
				? toCartItem(product, { accountType })
				: toCartItem(product, { duration, denomination, accountType })
		dispatch({ type: 'add', item })
		dispatch({ type: 'open' })
	}

	function buyNow(accountType?: AccountType) {
		trackPixel('Lead', { content_name: product.name, content_ids: [product.id], value: price, currency: 'PKR' })
		const target = buyNowTarget(product, {
			duration,
			denomination,
			accountType: accountType ?? preselectAccountType ?? (product.id === 1 ? 'private' : null),
		})
		navigate(target.to, { state: target.state })
	}

	return (
		<div className="purchase">
			<p className="product-price">
				<ProductPrice price={price} originalPrice={product.originalPrice} />
				{saving ? (
					<span className="save-badge">
						Save {formatRs(saving.saving)} <s>{formatRs(saving.doubled)}</s>
					</span>
				) : null}
			</p>

			{durations ? (
				<OptionSelect
					id="duration"
					label="Duration"
					options={durations}
					value={duration}
					isCustom={isCustomDuration}
					onChoose={setDuration}
					onCustom={() => setQuote('duration')}
					customButton="Check Prices"
					customButtonClass="desktop-only"
				/>
			) : null}

			{denominations ? (
				<OptionSelect
					id="denomination"
					label="Value"
					options={denominations}
					value={denomination}
					isCustom={isCustomDenomination}
					onChoose={setDenomination}
					onCustom={() => setQuote('value')}
					customButton="Get Quote"
				/>
			) : null}

			<div className="buy-actions">
				<button
					type="button"
					className="button primary"
					onClick={() => (hasAccountTypes && product.id !== 1 ? setAccountModal('buy') : buyNow())}
				>
					{chosen && chosen.price > 0 ? `Buy ${chosen.label} - ${formatRs(chosen.price)}` : 'Buy Now'}
				</button>
				<button ref={addRef} type="button" className="button ghost" onClick={() => (hasAccountTypes ? setAccountModal('cart') : addToCart())}>
					Add to Cart
				</button>
			</div>

			{INCLUDED_LINKS[product.id] ? (
				<p>
					<Link to={INCLUDED_LINKS[product.id]!.to}>{INCLUDED_LINKS[product.id]!.label}</Link>
				</p>
			) : null}

			<QuoteModal
				open={quote === 'duration'}
				onClose={() => setQuote(null)}
				title="Custom Duration"
				intro="Choose a length and we'll send you a quote on WhatsApp."
				choices={CUSTOM_DURATION_MONTHS.map((m) => ({ key: String(m), label: `${m} Months` }))}
				onChoose={(m) => openChat(customDurationQuote(product.name, Number(m)))}
			/>
			<QuoteModal
				open={quote === 'value'}
				onClose={() => setQuote(null)}
				title="Custom Amount"
				intro="Choose a value range and we'll send you a quote on WhatsApp."
				choices={CUSTOM_VALUE_RANGES.map((r) => ({ key: r, label: r }))}
				onChoose={(r) => openChat(customValueQuote(product.name, r))}
			/>
			{hasAccountTypes ? (
				<AccountTypeModal
					open={accountModal !== null}
					onClose={() => setAccountModal(null)}
					privatePrice={product.privatePrice!}
					sharedPrice={product.sharedPrice!}
					sharedConfirmLabel={accountModal === 'buy' ? 'Buy Shared Account' : 'Add Shared Account to Cart'}
					onConfirm={(type) => {
						const mode = accountModal
						setAccountModal(null)
						if (mode === 'buy') return buyNow(type)
						addToCart(type)
						setTimeout(() => addRef.current?.focus(), 100)
					}}
				/>
			) : null}
		</div>
	)
}

/** A duration or value dropdown; its custom option opens the quote modal instead of being selected. */
function OptionSelect<T extends { label: string; price: number }>({
	id,
	label,
	options,
	value,
	isCustom,
	onChoose,
	onCustom,
	customButton,
	customButtonClass = '',
}: {
	id: string
	label: string
	options: T[]
	value: T | null
	isCustom: (option: T) => boolean
	onChoose: (option: T) => void
	onCustom: () => void
	customButton: string
	customButtonClass?: string
}) {
	return (
		<div className="field">
			<label htmlFor={id}>{label}</label>
			<div className="field-row">
				<select
					id={id}
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
							{isCustom(o) ? o.label : `${o.label} - ${formatRs(o.price)}`}
						</option>
					))}
				</select>
				{options.some(isCustom) ? (
					<button type="button" className={`button ghost ${customButtonClass}`} onClick={onCustom}>
						{customButton}
					</button>
				) : null}
			</div>
		</div>
	)
}
