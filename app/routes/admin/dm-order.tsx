import { useEffect, useState, type FormEvent } from 'react'
import { copyText } from '~/components/ui/copy-button'
import { db } from '~/db/client.server'
import { listProducts } from '~/domain/catalogue/list-products.server'
import { parseDmAmount } from '~/domain/orders/dm-order-input'
import { DEFAULT_DM_DURATION_DAYS, hasSubscriptionDuration } from '~/domain/orders/subscription'
import { displayPrice } from '~/domain/pricing/price-of'
import { pageMeta } from '~/utils/seo'
import { requireStaff } from '~/http/staff-auth.server'
import { useHydrated } from '~/utils/use-hydrated'
import { ErrorAlert } from '~/components/ui/error-alert'
import type { Route } from './+types/dm-order'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Create DM Order', description: 'Create an order sold over direct messages.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request)
	const products = await listProducts(db())
	return { products: products.map((p) => ({ id: p.id, name: p.name, image: p.image, price: displayPrice(p), originalPrice: p.originalPrice })) }
}

type Product = Route.ComponentProps['loaderData']['products'][number]

/** §7 call 11 from the browser: the server answers {trackUrl}, or plain text saying what is wrong. */
async function createDmOrder(adminKey: string, body: unknown): Promise<{ trackUrl: string } | { error: string }> {
	try {
		const res = await fetch('/api/admin-create-dm-order', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'X-ADMIN-KEY': adminKey },
			body: JSON.stringify(body),
		})
		if (!res.ok) return { error: (await res.text()).trim() || 'Failed to create order' }
		const data = (await res.json()) as { trackUrl?: string }
		return data.trackUrl ? { trackUrl: data.trackUrl } : { error: 'Failed to create order' }
	} catch {
		return { error: 'Something went wrong' }
	}
}

export default function DmOrder({ loaderData }: Route.ComponentProps) {
	const { products } = loaderData
	const [productId, setProductId] = useState(String(products[0]?.id ?? ''))
	const [busy, setBusy] = useState(false)
	const [error, setError] = useState<string | null>(null)
	const [trackUrl, setTrackUrl] = useState<string | null>(null)
	const [copied, setCopied] = useState(false)
	const hydrated = useHydrated()
	const product: Product | undefined = products.find((p) => String(p.id) === productId)
	const subscription = product ? hasSubscriptionDuration(product.name) : false

	useEffect(() => {
		if (!copied) return
		const timer = setTimeout(() => setCopied(false), 2000)
		return () => clearTimeout(timer)
	}, [copied])

	async function submit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (busy || !product) return
		const form = new FormData(event.currentTarget)
		const field = (name: string) => String(form.get(name) ?? '').trim()
		const amountText = field('amount')
		// §5: blank is the product's price; otherwise digits and dots. The server checks it again.
		const amount = parseDmAmount(amountText)
		setBusy(true)
		setError(null)
		setTrackUrl(null)
		const result = await createDmOrder(field('adminKey'), {
			customer: { name: field('name') || null, email: field('email') || null, phone: field('phone') || null },
			totalAmount: amount === null ? product.price : Number.isFinite(amount) ? amount : amountText,
			items: [{ id: product.id, name: product.name, price: product.price, quantity: 1, image: product.image, code: null, originalPrice: product.originalPrice }],
			status: 'pending',
			durationDays: subscription ? (field('durationDays') === '' ? DEFAULT_DM_DURATION_DAYS : Number(field('durationDays'))) : null,
		})
		setBusy(false)
		if ('error' in result) setError(result.error)
		else setTrackUrl(result.trackUrl)
	}

	return (
		<div className="staff-dm-order">
			<h1>Create DM Order</h1>
			<p className="muted">For orders agreed over direct messages: the buyer gets a tracking link to their order.</p>
			{/* POST, never GET: a submit before the page is ready must not put the key in the address. */}
			<form method="post" className="dm-order-form" onSubmit={submit}>
				<ErrorAlert message={error} />
				<div className="field">
					<label htmlFor="dm-name">Customer Name</label>
					<input id="dm-name" name="name" autoComplete="off" maxLength={100} />
				</div>
				<div className="field">
					<label htmlFor="dm-email">Customer Email</label>
					<input id="dm-email" name="email" type="email" autoComplete="off" maxLength={200} />
				</div>
				<div className="field">
					<label htmlFor="dm-phone">Customer Phone</label>
					<input id="dm-phone" name="phone" type="tel" autoComplete="off" maxLength={30} />
				</div>
				<div className="field">
					<label htmlFor="dm-key">Admin Key</label>
					<input id="dm-key" name="adminKey" type="password" autoComplete="off" required />
					<span className="muted small">An API key from Settings (X-ADMIN-KEY).</span>
				</div>
				<div className="field">
					<label htmlFor="dm-product">Product</label>
					<select id="dm-product" name="productId" value={productId} onChange={(e) => setProductId(e.target.value)} required>
						{products.map((p) => (
							<option key={p.id} value={p.id}>
								{p.name}
							</option>
						))}
					</select>
				</div>
				<div className="field">
					<label htmlFor="dm-amount">Amount (PKR)</label>
					<input id="dm-amount" name="amount" inputMode="decimal" autoComplete="off" placeholder={product ? String(product.price) : ''} />
					<span className="muted small">Leave blank for the product's price.</span>
				</div>
				{subscription ? (
					<div className="field">
						<label htmlFor="dm-duration">Duration (days)</label>
						<input id="dm-duration" name="durationDays" type="number" min={0} step={1} defaultValue={DEFAULT_DM_DURATION_DAYS} />
						<span className="muted small">0 means no countdown and no reminder emails.</span>
					</div>
				) : null}
				<button type="submit" className="button primary block" disabled={busy || !product || !hydrated}>
					{busy ? 'Creating…' : 'Create Order'}
				</button>
			</form>
			{trackUrl ? (
				<section className="success-box dm-order-result" aria-labelledby="dm-result-title">
					<h2 id="dm-result-title">Order created</h2>
					<p>Send this tracking link to the buyer:</p>
					<div className="dm-order-link">
						<a href={trackUrl} target="_blank" rel="noreferrer" data-testid="dm-track-url">
							{trackUrl}
						</a>
						<button type="button" className="button ghost small" onClick={async () => setCopied(await copyText(trackUrl))}>
							{copied ? 'Copied!' : 'Copy'}
						</button>
					</div>
				</section>
			) : null}
		</div>
	)
}
