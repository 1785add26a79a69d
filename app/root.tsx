import { use } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useMatches } from 'react-router'
import type { Route } from './+types/root'
import { BootScripts } from './components/layout/boot-scripts'
import { isConsolePage, looksLikeConsolePath } from './components/layout/page-shell'
import { PixelScript } from './components/layout/pixel-script'
import { useRootData } from './components/layout/root-data'
import { IMAGE_LOADED_SCRIPT } from './components/product/image-loaded'
import stylesheet from './styles/app.css?url'
import { db } from './db/client.server'
import { storefrontDetails } from './domain/settings/store-details'
import { appIconUrl } from './domain/installable/web-app-manifest'
import { SHOP_THEME_COLOR } from './domain/installable/theme-color'
import { readAppIcon } from './domain/installable/read-app-icon.server'
import { readStoreDetails } from './domain/settings/store-details.server'
import { publicConfig } from './domain/payments/public-config.server'
import { linkOrigin } from './utils/origin.server'
import { useNonce } from './utils/nonce'
import { renderStaticHtml } from './utils/static-html.server'
import { SiteFooterContent } from './components/layout/site-footer'
import { DIRECTION, langOf, localePath, unprefixed, type Lang } from './i18n/lang'
import { isBuyerPage } from './public-pages'
import { useT } from './i18n/use-t'
import { translator } from './i18n/messages.server'
import { announcementBanner } from './content/site/home'

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: stylesheet },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/** The footer's HTML, drawn again only when the store details or the year change (the root loader runs on every request). */
const footerCache = new Map<Lang, { key: string; html: string }>()
function footerFor(config: Parameters<typeof SiteFooterContent>[0]['config'], year: number, lang: Lang): string {
	const key = `${year}:${JSON.stringify(config)}`
	let cached = footerCache.get(lang)
	if (cached?.key !== key) footerCache.set(lang, (cached = { key, html: renderStaticHtml(<SiteFooterContent config={config} year={year} lang={lang} t={translator(lang)} />) }))
	return cached.html
}

export async function loader({ request }: Route.LoaderArgs) {
	const [details, icon] = await Promise.all([readStoreDetails(db()), readAppIcon(db())])
	const lang = langOf(new URL(request.url).pathname)
	const shown = storefrontDetails(details)
	// The announcement the shop starts with reads in the page's language; the owner's own stays as written.
	const banner = lang !== 'en' && shown.banner === announcementBanner ? translator(lang)('catalogue.banner.default') : shown.banner
	const config = { ...shown, banner, ...publicConfig() }
	const year = new Date().getFullYear()
	// The footer is drawn here and sent as HTML: the browser never downloads its component (ADR-007).
	const footerHtml = footerFor(config, year, lang)
	// Shared previews need absolute image URLs.
	// The home-screen icon a phone without manifests (iOS) takes: the owner's upload when there is one.
	return { config, year, origin: linkOrigin(request), footerHtml, touchIcon: appIconUrl('app-192.png', icon?.base ?? null) }
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const data = useRootData()
	const { pathname } = useLocation()
	const lang = langOf(pathname)
	// A buyer page names its twin in the other language (and English as the default) for search engines.
	const twins = data && isBuyerPage(unprefixed(pathname)) ? (['en', 'ur'] as const) : []
	// The shop installs as an app from its buyer pages (ADR-034); the staff console is not part of it.
	const buyerPage = !isConsolePage(useMatches())
	return (
		<html lang={lang} dir={DIRECTION[lang]}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content={SHOP_THEME_COLOR} />
				{buyerPage ? (
					<>
						<link rel="manifest" href={lang === 'ur' ? '/manifest.webmanifest?lang=ur' : '/manifest.webmanifest'} />
						<link rel="apple-touch-icon" href={data?.touchIcon ?? '/icons/app-192.png'} />
					</>
				) : null}
				{/* Before the stylesheet link: an inline script after it would wait for the stylesheet.
				    It runs once, from the server's HTML: the browser's build keeps the tag as it is and carries no copy. */}
				<script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? IMAGE_LOADED_SCRIPT : ' ' }} />
				<Meta />
				{/* An Urdu page's face, asked for with the stylesheet rather than after it: its text swaps to it sooner (ADR-032). */}
				{lang === 'ur'
					? URDU_FONTS.map((href) => <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />)
					: null}
				<Links />
				{twins.map((twin) => (
					<link key={twin} rel="alternate" hrefLang={twin} href={data!.origin + localePath(twin, pathname)} />
				))}
				{twins.length ? <link rel="alternate" hrefLang="x-default" href={data!.origin + localePath('en', pathname)} /> : null}
				{data?.config.metaPixelId ? <PixelScript pixelId={data.config.metaPixelId} nonce={nonce} /> : null}
			</head>
			<body>
				{children}
				<ScrollRestoration nonce={nonce} />
				{import.meta.env.DEV ? <Scripts nonce={nonce} /> : <BootScripts nonce={nonce} />}
			</body>
		</html>
	)
}

type ShopChrome = typeof import('./components/layout/shop-chrome')
let shopChrome: ShopChrome | undefined
let loadingShopChrome: Promise<ShopChrome> | undefined
// The shop's frame (cart, chat, header, footer) is a chunk of its own that staff console pages never load.
const loadShopChrome = () => (loadingShopChrome ??= import('./components/layout/shop-chrome').then((m) => (shopChrome = m)))
// In the browser, fetched beside the page's route modules rather than once hydration asks for it.
if (typeof document !== 'undefined' && !looksLikeConsolePath(window.location.pathname)) void loadShopChrome()

export default function App({ loaderData }: Route.ComponentProps) {
	const consolePage = isConsolePage(useMatches())
	// The staff console brings its own plain layout (routes/admin/layout.tsx).
	if (consolePage) return <Outlet />
	const { config, footerHtml } = loaderData
	const { CartProvider, ChatMessageProvider, SiteHeader, CartDrawer, ServerHtml } = shopChrome ?? use(loadShopChrome())
	return (
		<CartProvider storageKey={`${config.storeName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-cart`}>
			<ChatMessageProvider>
				<SkipLink />
				<SiteHeader storeName={config.storeName} banner={config.banner} whatsapp={config.whatsapp} />
				<main id="main">
					<Outlet />
				</main>
				<ServerHtml as="footer" className="site-footer" html={footerHtml} />
				<CartDrawer />
				<div id="site-modal-root" />
			</ChatMessageProvider>
		</CartProvider>
	)
}

function SkipLink() {
	const t = useT(SKIP_LINK_WORDS)
	return (
		<a href="#main" className="skip-link">
			{t('common.skipToContent')}
		</a>
	)
}

/** Words the frame shows even when the page failed before its messages arrived. */
const SKIP_LINK_WORDS = { 'common.skipToContent': 'Skip to content' } as const

/** The Urdu face's two weights (app.css's @font-face). */
const URDU_FONTS = ['/fonts/urdu-naskh-400.woff2', '/fonts/urdu-naskh-700.woff2']

const ERROR_WORDS = {
	'common.error.title': 'Unexpected Application Error!',
	'common.error.detail': 'Something went wrong on our side. Please refresh the page or come back in a moment.',
	'common.notFound.title': 'Page not found',
	'common.notFound.detail': 'We could not find that page.',
	'common.notFound.home': 'Return to Home',
} as const

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	// The page's words when its language's messages arrived before the failure; English when they did not.
	const say = useT(ERROR_WORDS)
	const { pathname } = useLocation()
	let title: string = say('common.error.title')
	let detail: string = say('common.error.detail')
	if (isRouteErrorResponse(error)) {
		title = error.status === 404 ? say('common.notFound.title') : `${error.status} ${error.statusText}`
		detail = error.status === 404 ? say('common.notFound.detail') : typeof error.data === 'string' ? error.data : detail
	}
	return (
		<main id="main" className="container page narrow center">
			<h1>{title}</h1>
			<p>{detail}</p>
			<p>
				<a className="button primary" href={localePath(langOf(pathname), '/')}>
					{say('common.notFound.home')}
				</a>
			</p>
		</main>
	)
}
