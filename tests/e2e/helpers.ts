import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test'

import { mailboxUrls, shopUrls } from './shops'

/** The store's default name is 'GameVault PK'; root.tsx slugifies it and appends '-cart'. */
export const CART_KEY = 'gamevault-pk-cart'

/**
 * Hydration probe. React calls a DevTools hook, when one is installed, after every commit
 * once that commit's passive effects (useEffect) have run. The first such call after
 * `hydrateRoot` marks the end of hydration: event handlers are attached and mount effects
 * (restoring the saved cart, opening the reviews stream, ...) have run. Installed before any
 * page script, so it sees the very first commit. It only records; it never changes the app.
 */
const HYDRATION_PROBE = `(() => {
	if (window.__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
	window.__e2eHydrated = false;
	window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
		supportsFiber: true,
		renderers: new Map(),
		inject() { return 1; },
		checkDCE() {},
		onScheduleFiberRoot() {},
		onCommitFiberRoot() {},
		onCommitFiberUnmount() {},
		onPostCommitFiberRoot(_id, root) {
			const state = root && root.current && root.current.memoizedState;
			if (!state || state.isDehydrated !== true) window.__e2eHydrated = true;
		},
	};
})();`

/** Adds the hydration probe to a context created by hand (e.g. `browser.newContext()`). */
export async function installHydrationProbe(context: BrowserContext) {
	await context.addInitScript({ content: HYDRATION_PROBE })
}

export const test = base.extend<{ hydrationProbe: void }, { shopUrl: string }>({
	/** Each worker talks to its own shop (tests/e2e/shops.ts); pages, requests and hand-made contexts follow baseURL. */
	// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
	shopUrl: [async ({}, use, workerInfo) => use(shopUrls[workerInfo.parallelIndex % shopUrls.length]!), { scope: 'worker' }],
	baseURL: async ({ shopUrl }, use) => use(shopUrl),
	hydrationProbe: [
		async ({ context }, use) => {
			await installHydrationProbe(context)
			await use()
		},
		{ auto: true },
	],
})

export { expect }

/** Waits until React has hydrated the page and run its mount effects. */
export async function waitForHydration(page: Page) {
	await page.waitForFunction(() => (window as unknown as { __e2eHydrated?: boolean }).__e2eHydrated === true)
}

/** Opens a path and waits until the page is interactive. */
export async function gotoHydrated(page: Page, path: string) {
	const response = await page.goto(path, { waitUntil: 'domcontentloaded' })
	await waitForHydration(page)
	return response
}

/** Puts a cart into localStorage before any page script runs (for the next navigations of this page). */
export async function seedCart(page: Page, value: unknown) {
	const raw = typeof value === 'string' ? value : JSON.stringify(value)
	// Only seed once: later reloads must see what the app saved, not the seed again.
	await page.addInitScript(
		({ key, raw }) => {
			try {
				if (!sessionStorage.getItem('__e2e-cart-seeded')) {
					localStorage.setItem(key, raw)
					sessionStorage.setItem('__e2e-cart-seeded', '1')
				}
			} catch {
				// about:blank and other opaque origins have no storage
			}
		},
		{ key: CART_KEY, raw },
	)
}

/** A short random suffix, so content posted by one test cannot be confused with another's. */
export function unique(prefix: string) {
	return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`
}

export function cartDrawer(page: Page): Locator {
	return page.getByRole('dialog', { name: 'Shopping cart' })
}

export function cartLines(page: Page): Locator {
	return cartDrawer(page).getByRole('listitem')
}

export function cartButton(page: Page): Locator {
	return page.getByRole('banner').getByRole('button', { name: /^Cart/ })
}

/** The header's cart badge (rendered only after hydration, only when the cart has items). */
export function cartBadge(page: Page): Locator {
	return cartButton(page).getByTestId('cart-badge')
}

/** The one open modal dialog (quote pickers, account type); the cart drawer has cartDrawer. */
/**
 * A product page's reviews. Look for a review here, not on the whole page: React streams the list in a
 * hidden block and reveals it up to 300 ms later, so for that moment the page holds a second, hidden copy.
 */
export function reviewsSection(page: Page): Locator {
	return page.getByRole('region', { name: /Reviews/ })
}

export function modal(page: Page, name?: string | RegExp): Locator {
	return page.getByRole('dialog', name ? { name } : undefined).and(page.locator('[aria-modal="true"]:not(.cart-drawer)'))
}

/** The phone's menu toggle (a <summary>: it works without scripts). */
export function menuToggle(page: Page): Locator {
	return page.getByRole('banner').locator('summary', { hasText: '☰' })
}

/** A cart line with the given text (product name, option label...). */
export function cartLine(page: Page, text: string | RegExp): Locator {
	return cartLines(page).filter({ hasText: text })
}

/** Today's year as the shop's server sees it (the machine running the tests shares the clock). */
export const currentYear = () => new Date().getFullYear()

/** Cart lines as the shop stores them (rupee numbers; the variant learnt when the cart is re-priced), for seeding localStorage. */
export const storedLine = {
	giftCard10: (quantity = 1) => ({
		id: 14,
		name: 'Xbox Gift Card',
		image: '/images/products/14.webp',
		price: 3200,
		originalPrice: null,
		quantity,
		selectedDenomination: { label: '$10 USD', price: 3200, value: 10 },
		variantId: null,
	}),
	pcGamePass: (quantity = 1) => ({
		id: 10,
		name: 'PC Game Pass',
		image: '/images/products/10.webp',
		price: 1200,
		originalPrice: null,
		quantity,
		selectedDuration: { label: '1 Month', price: 1200, months: 1 },
		termsPage: 'game-pass-pc',
		variantId: null,
	}),
	/** A line as carts were saved before prices were numbers (the spec's 'Rs. 1,200' text). */
	oldGiftCard10: (quantity = 1) => ({
		id: 14,
		name: 'Xbox Gift Card',
		image: '/images/products/14.webp',
		price: 'Rs. 3,200',
		originalPrice: null,
		quantity,
		selectedDenomination: { label: '$10 USD', price: 3200, value: 10 },
	}),
}

export interface ConsoleVariant {
	id: number
	label: string
	months: number | null
	value: number | null
	accountType: 'private' | 'shared' | null
	price: number
	hidden: boolean
}

/**
 * The owner changes a product through the console API (PATCH /api/admin/products/{id}), as the shop's
 * owner would from the console: `change` gets the product's options and returns the fields to send.
 * Returns `restore`, which puts the options and visibility back as they were.
 */
export async function changeProductAsOwner(
	browser: Browser,
	productId: number,
	change: (variants: ConsoleVariant[]) => { variants?: ConsoleVariant[]; visible?: boolean },
) {
	const { staff, close } = await signInAsOwner(browser)
	const url = `/api/admin/products/${productId}`
	const read = await staff.request.get(url)
	expect(read.ok()).toBe(true)
	const before = (await read.json()) as { variants: ConsoleVariant[]; visible: boolean }
	const send = async (body: object) => {
		const res = await staff.request.patch(url, { data: body })
		expect(res.ok(), await res.text()).toBe(true)
	}
	const options = (variants: ConsoleVariant[]) => variants.map(({ id, label, months, value, accountType, price, hidden }) => ({ id, label, months, value, accountType, price, hidden }))
	const wanted = change(before.variants.map((v) => ({ ...v })))
	await send({ ...wanted, ...(wanted.variants ? { variants: options(wanted.variants) } : {}) })
	return {
		restore: async () => {
			await send({ visible: before.visible, variants: options(before.variants) })
			await close()
		},
	}
}

/**
 * On a product's console page: publishes the draft the console made (ADR-046), ticking "Publish
 * anyway" when the checklist still misses something (a test's product often has no cover).
 */
export async function publishOnConsole(owner: Page) {
	const panel = owner.locator('.product-publish')
	const publish = panel.getByRole('button', { name: 'Publish', exact: true })
	// The address changes before the page is drawn: the panel is there before asking whether it needs "Publish anyway".
	await expect(publish).toBeVisible()
	const anyway = panel.getByLabel('Publish anyway')
	if (await anyway.count()) await anyway.check()
	await publish.click()
	await expect(owner.getByRole('status').filter({ hasText: 'Published' })).toHaveText('Published: buyers can find it in the shop now.')
}

/** The main navigation; on a phone it is behind the menu toggle. */
export function mainNav(page: Page): Locator {
	return page.getByRole('navigation', { name: 'Main' })
}

/** The select of a product page's purchase options ('Duration' or 'Value'). */
export function optionSelect(page: Page, label: 'Duration' | 'Value'): Locator {
	return page.getByRole('combobox', { name: label, exact: true })
}

/** The e2e server's owner account (ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config.ts). */
export const OWNER = { email: 'owner@example.pk', password: 'e2e-owner-password' }

/**
 * A client address of its own for each owner's browser (the e2e server trusts X-Forwarded-For): an
 * address may try to sign in 20 times in 15 minutes, and the suite signs the owner in more often.
 */
const ownerAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`

/**
 * The owner's cookies (nothing else of that browser), from one sign-in through the sign-in page per worker: a worker is one process
 * and always talks to the same shop (`shopUrl`), so the session is that shop's.
 */
let ownerSession: Awaited<ReturnType<BrowserContext['storageState']>> | undefined

/** Signs the owner in through the console's sign-in page, starting at `path` (which sends a signed-out visitor there). */
async function signInThroughPage(browser: Browser, path: string, options: BrowserContextOptions) {
	const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'X-Forwarded-For': ownerAddress(), ...options.extraHTTPHeaders } })
	await installHydrationProbe(context)
	const staff = await context.newPage()
	await gotoHydrated(staff, path)
	await expect(staff).toHaveURL(/\/admin\/login/)
	await staff.getByLabel('Email').fill(OWNER.email)
	await staff.getByLabel('Password').fill(OWNER.password)
	await staff.getByRole('button', { name: 'Sign in' }).click()
	await expect(staff).toHaveURL(pathPattern(path))
	await waitForHydration(staff)
	return { context, staff }
}

const pathPattern = (path: string) => new RegExp(`${path.replace(/[.?]/g, '\\$&')}$`)

/**
 * The owner signed in, in a browser context of their own, on `path`. The first call in a worker signs
 * in through the sign-in page and keeps that session's cookie; later calls open `path` with it, as an
 * owner who comes back to the console does. `ownSession`: a sign-in of its own (for a test that signs
 * out, which ends the session).
 */
export async function signInAsOwner(
	browser: Browser,
	{ path = '/admin-dashboard', context: options = {}, ownSession = false }: { path?: string; context?: BrowserContextOptions; ownSession?: boolean } = {},
) {
	if (ownSession || !ownerSession) {
		const { context, staff } = await signInThroughPage(browser, path, options)
		if (!ownSession) ownerSession = { cookies: (await context.storageState()).cookies, origins: [] }
		return { staff, close: () => context.close() }
	}
	const context = await browser.newContext({ ...options, storageState: ownerSession, extraHTTPHeaders: { 'X-Forwarded-For': ownerAddress(), ...options.extraHTTPHeaders } })
	await installHydrationProbe(context)
	const staff = await context.newPage()
	await gotoHydrated(staff, path)
	await expect(staff, 'the session this worker signed the owner in with').toHaveURL(pathPattern(path))
	return { staff, close: () => context.close() }
}

/** A staff member the owner just made, signed in with the password shown once, in a browser context of their own, on the dashboard. */
export async function signInAsStaffMember(browser: Browser, email: string, password: string) {
	const context = await browser.newContext()
	await installHydrationProbe(context)
	const page = await context.newPage()
	await gotoHydrated(page, '/admin/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(/\/admin-dashboard$/)
	await waitForHydration(page)
	return { page, close: () => context.close() }
}

/** The messages of the browser's alert dialogs the page opens from now on, each accepted. */
export function collectDialogs(page: Page): string[] {
	const messages: string[] = []
	page.on('dialog', (dialog) => {
		messages.push(dialog.message())
		void dialog.accept()
	})
	return messages
}

/** An order placed through the page's own request context, so the buyer's order cookie is in this browser: a $`value` Xbox gift card, or one unit of `line`'s option. */
export async function placeOrderFromPage(
	page: Page,
	{ customerName = 'Zara Malik', customerEmail = 'zara@example.pk', paymentMethod = 'paypro', value = 10, line }: { customerName?: string; customerEmail?: string; paymentMethod?: 'paypro' | 'manual'; value?: number; line?: { productId: number; variantId: number } } = {},
) {
	const answer = await page.request.post('/api/checkout', {
		data: {
			customerName,
			customerEmail,
			customerMobile: '03211234567',
			checkoutKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
			paymentMethod,
			productDetails: [line ? { id: line.productId, quantity: 1, variantId: line.variantId } : { id: 14, quantity: 1, selectedDenomination: { value } }],
		},
	})
	expect(answer.ok()).toBe(true)
	return (await answer.json()) as { orderNumber: string; paymentUrl?: string }
}

/** Keeps the app's entry script from arriving until the returned function is called. */
export async function holdEntryScript(page: Page): Promise<() => void> {
	let release!: () => void
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route('**/assets/entry.client-*.js', async (route) => {
		await held
		await route.continue()
	})
	return release
}

/** A one-pixel PNG: a receipt image as small as can be. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

/**
 * An order paid by bank transfer, as a real sale is: placed in a browser of its own, its receipt
 * uploaded, and confirmed by the owner on the console's Transfers page (`staff`, signed in). A
 * simulator payment would be a test order, which never counts as a purchase.
 */
export async function transferPaidOrder(browser: Browser, staff: Page, email: string, line: object) {
	const context = await browser.newContext()
	let orderNumber: string
	try {
		const answer = await context.request.post('/api/checkout', {
			data: { customerName: 'Sana Malik', customerEmail: email, customerMobile: '03331234567', paymentMethod: 'manual', checkoutKey: `e2e-transfer-${Date.now()}-${Math.random().toString(36).slice(2)}`, productDetails: [line] },
		})
		expect(answer.ok(), await answer.text()).toBe(true)
		orderNumber = ((await answer.json()) as { orderNumber: string }).orderNumber
		const upload = await context.request.post(`/api/order/${orderNumber}/receipt`, { multipart: receiptUpload(orderNumber) })
		expect(upload.ok()).toBe(true)
	} finally {
		await context.close()
	}
	await reviewTransfer(staff, orderNumber, 'confirm')
	return orderNumber
}

/**
 * Staff (`staff`, signed in) confirm or reject an order's transfer on the console's Transfers page, as
 * they do: the order's entry found by its receipt, the note or reason written, the button pressed.
 */
export async function reviewTransfer(staff: Page, orderNumber: string, intent: 'confirm' | 'reject', note = intent === 'confirm' ? 'Transfer seen in the statement' : 'The amount does not match our statement.') {
	await gotoHydrated(staff, '/admin/payments')
	const entry = staff.locator('article, li, section').filter({ has: staff.getByRole('img', { name: `Transfer receipt for order ${orderNumber}` }) }).last()
	await entry.scrollIntoViewIfNeeded()
	await entry.getByLabel(intent === 'confirm' ? 'Confirmation note' : 'Reason for rejection').fill(note)
	await entry.getByRole('button', { name: intent === 'confirm' ? 'Confirm' : 'Reject' }).click()
	await expect(staff.getByText(intent === 'confirm' ? `Order ${orderNumber} is paid. The buyer has been emailed.` : `Order ${orderNumber} was rejected. The buyer sees your reason on their order page.`)).toBeVisible()
}

/** An order placed and paid on the test payment page in a browser of its own (the buyer's phone holds no order cookie). */
export async function paidOrder(browser: Browser, email: string, line: object, total: string) {
	const context = await browser.newContext()
	try {
		const answer = await context.request.post('/api/checkout', {
			data: { customerName: 'Maryam Siddiqui', customerEmail: email, customerMobile: '03331234567', checkoutKey: `e2e-my-orders-${Date.now()}-${Math.random().toString(36).slice(2)}`, productDetails: [line] },
		})
		expect(answer.ok(), await answer.text()).toBe(true)
		const { orderNumber, paymentUrl } = (await answer.json()) as { orderNumber: string; paymentUrl: string }
		const pay = await context.newPage()
		await pay.goto(paymentUrl)
		await pay.getByRole('button', { name: `Pay ${total}` }).click()
		await expect(pay).toHaveURL(/\/order-status\?ordId=\d+/)
		await expect(pay.getByText('Payment Successful')).toBeVisible()
		return orderNumber
	} finally {
		await context.close()
	}
}

/** The 6-digit code of the newest sign-in email to `email`, read from the inbox (the fake Brevo of the shop `page` is on). */
export async function signInCodeFor(page: Page, email: string) {
	const mailbox = mailboxUrls[shopUrls.indexOf(new URL(page.url()).origin.replace('127.0.0.1', 'localhost'))]
	expect(mailbox, `no mailbox for ${page.url()}`).toBeTruthy()
	let text = ''
	await expect
		.poll(
			async () => {
				const mails = (await (await fetch(`${mailbox}/mailbox?to=${encodeURIComponent(email)}`)).json()) as { subject?: string; textContent?: string }[]
				text = mails.find((m) => /sign-in code/i.test(m.subject ?? ''))?.textContent ?? ''
				return /Or type this code on the page: (\d{6})/.exec(text)?.[1] ?? null
			},
			// The inbox is a local fake: asked often, the code is read as soon as it is there.
			{ message: `a sign-in email to ${email}`, timeout: 15_000, intervals: [100, 200, 300] },
		)
		.not.toBeNull()
	return /Or type this code on the page: (\d{6})/.exec(text)![1]!
}

/** An email as the shop's fake Brevo keeps it. */
export interface SentEmail {
	subject: string
	textContent: string
	htmlContent: string
}

/** The newest email to `to` whose subject matches, from the fake Brevo of the shop `page` is on, waited for up to `timeout`. */
export async function emailTo(page: Page, to: string, subject: RegExp, { timeout = 20_000, every = 1_000 }: { timeout?: number; every?: number } = {}): Promise<SentEmail> {
	const mailbox = mailboxUrls[shopUrls.indexOf(new URL(page.url()).origin.replace('127.0.0.1', 'localhost'))]!
	let found: SentEmail | undefined
	await expect
		.poll(
			async () => {
				const mails = (await (await fetch(`${mailbox}/mailbox?to=${encodeURIComponent(to)}`)).json()) as SentEmail[]
				found = mails.find((m) => subject.test(m.subject))
				return found ? found.subject : mails.map((m) => m.subject).join(' | ')
			},
			{ message: `an email to ${to} about ${subject}`, timeout, intervals: [every] },
		)
		.toMatch(subject)
	return found!
}

/** The receipt upload's form as the buyer's page sends it: the transfer's TID and who paid (ADR-049), then the screenshot. */
export const receiptUpload = (orderNumber: string, { tid = `TID${orderNumber.replace(/[^A-Za-z0-9]/g, '')}`, payer = 'Sana Malik, JazzCash' }: { tid?: string; payer?: string } = {}) => ({
	transactionId: tid,
	payerAccount: payer,
	receipt: { name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX },
})

/** The transfer's TID and payer in the receipt form on the page (ADR-049): a TID of the order's own unless said. */
export async function fillTransferFacts(page: Page, orderNumber: string, { tid = `TID${orderNumber.replace(/[^A-Za-z0-9]/g, '')}`, payer = 'Sana Malik, JazzCash' }: { tid?: string; payer?: string } = {}) {
	await page.locator('input[name="transactionId"]').first().fill(tid)
	await page.locator('input[name="payerAccount"]').first().fill(payer)
}

/** A product (with `extra` fields) with one code in stock, and an order for it paid by transfer in the buyer's browser: delivered at once, hidden. */
export async function paidFromStock(browser: Browser, page: Page, code: string, extra: Record<string, unknown> = {}) {
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/products' })
	try {
		const created = await staff.request.post('/api/admin/products', {
			data: { name: unique('PSN Card (reveal)'), platform: 'playstation', kind: 'gift_card', description: 'Delivered on your order page.', variants: [{ label: '$10 USD', value: 10, price: 3100 }], ...extra },
		})
		expect(created.status()).toBe(201)
		const product = (await created.json()) as { id: number; variants: { id: number }[] }
		const imported = await staff.request.post(`/api/admin/products/${product.id}/stock`, { data: { variantId: product.variants[0]!.id, units: [{ code }] } })
		expect(imported.status(), await imported.text()).toBe(201)
		const { orderNumber } = await placeOrderFromPage(page, { customerName: 'Hamza Ali', customerEmail: 'hamza.ali@example.pk', paymentMethod: 'manual', line: { productId: product.id, variantId: product.variants[0]!.id } })
		const upload = await page.request.post(`/api/order/${orderNumber}/receipt`, { multipart: receiptUpload(orderNumber) })
		expect(upload.ok(), await upload.text()).toBe(true)
		await reviewTransfer(staff, orderNumber, 'confirm')
		// The storefront's product count stays as the other tests expect.
		await staff.request.patch(`/api/admin/products/${product.id}`, { data: { visible: false } })
		return orderNumber
	} finally {
		await close()
	}
}

/** The height of a phone's first screen (360x740), where each money moment's answer must be. */
export const FIRST_SCREEN = 740

/** Each of `locators` is shown and ends within the first screen of a phone, wherever the page was scrolled to. */
export async function expectOnFirstScreen(page: Page, ...locators: Locator[]) {
	const scrolled = await page.evaluate(() => window.scrollY)
	for (const locator of locators) {
		await expect(locator).toBeVisible()
		const box = (await locator.boundingBox())!
		expect(box.y + scrolled + box.height, `${locator.toString()} ends at ${Math.round(box.y + scrolled + box.height)} px`).toBeLessThanOrEqual(FIRST_SCREEN)
	}
}
