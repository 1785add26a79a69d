import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'

const module = (paths: string) => new RegExp(`[\\\\/]app[\\\\/](${paths})\\.tsx?$`)
/** React, React DOM and React Router: one chunk every page loads first (it compresses better whole). */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/
/** Small modules the shop's pages and the staff console both use, and Vite's helper for loading a chunk later. */
const SHARED_MODULES = module('utils/(money|seo)|components/ui/price|components/product/image-loaded|components/layout/(page-shell|root-data)')
/** What pages that show products share: the cover image and the catalogue's small types. */
const CATALOGUE = module('components/product/product-image|domain/catalogue/(covers|types|terms-page|product-view)')
const SHARED = (id: string) => SHARED_MODULES.test(id) || id.includes('vite/preload-helper')
/** What every shop page runs besides its own route (its frame and the cart's state), never the console.
 *  The cart's rules (cart-store) load apart, when the cart is first changed or a saved one is read. */
const SHOP_BASE = module('components/layout/(shop-chrome|site-header|server-html|chat-button|cart-drawer-slot)|components/cart/cart-context|domain/cart/(cart-count|cart-prices)|domain/buyers/next-path|utils/chat')

/**
 * Vite wraps every `import()` in a helper that preloads the imported chunk's scripts and styles. With
 * `modulePreload` off it preloads nothing here (no lazy chunk brings a stylesheet: checked below), yet
 * its 2 KB were in every page's script. This one keeps what is left: run the import, and report a chunk
 * that failed to load as Vite's does (`vite:preloadError`, after a deploy replaced the files).
 */
function smallPreloadHelper(): Plugin {
	const id = '\0vite/preload-helper.js'
	return {
		name: 'shop:small-preload-helper',
		enforce: 'pre',
		apply: 'build',
		load: {
			filter: { id: new RegExp(`^${id}$`) },
			handler(loaded) {
				if (loaded !== id || this.environment.config.consumer !== 'client') return null
				return `export const __vitePreload = (load) => load().catch((error) => {
	const event = new Event('vite:preloadError', { cancelable: true })
	event.payload = error
	window.dispatchEvent(event)
	if (!event.defaultPrevented) throw error
})`
			},
		},
		generateBundle(_options, bundle) {
			if (this.environment.config.consumer !== 'client') return
			for (const chunk of Object.values(bundle))
				if (chunk.type === 'chunk' && chunk.isDynamicEntry && (chunk.viteMetadata?.importedCss.size ?? 0) > 0)
					this.error(`${chunk.fileName} is loaded later and brings a stylesheet, which the small preload helper does not load`)
		},
	}
}

export default defineConfig(({ isSsrBuild }) => ({
	plugins: [smallPreloadHelper(), reactRouter()],
	resolve: { tsconfigPaths: true },
	build: {
		assetsInlineLimit: 0,
		// No preload helper in every page's script: a chunk loaded later (the shop frame, the cart, a dialog)
		// needs only chunks the page has already loaded.
		modulePreload: false,
		// Small files compress badly one by one: a page's common code goes in a few chunks, not a dozen.
		...(isSsrBuild
			? {}
			: {
					rolldownOptions: {
						output: {
							codeSplitting: {
								groups: [
									{ name: 'framework', test: FRAMEWORK, priority: 3 },
									{ name: 'shared', test: SHARED, priority: 2 },
									{ name: 'catalogue', test: CATALOGUE, priority: 2 },
									{ name: 'shop-base', test: SHOP_BASE, priority: 1 },
								],
							},
						},
					},
				}),
	},
}))
