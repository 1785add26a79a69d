// The web app manifest (ADR-034): what a phone needs to install the shop as an app. Browser-safe, no I/O.
import { localePath, type Lang } from '../../i18n/lang'

import { SHOP_THEME_COLOR } from './theme-color'

/** The colour of the shop's pages (root.tsx's theme-color), for the app's title bar and splash screen. */
export { SHOP_THEME_COLOR }

/** The icons the manifest lists, drawn from the shop's logo (render-app-icon.server.ts). */
export const APP_ICONS = {
	'app-192.png': { size: 192, purpose: 'any' },
	'app-512.png': { size: 512, purpose: 'any' },
	'app-maskable-512.png': { size: 512, purpose: 'maskable' },
} as const

export type AppIconName = keyof typeof APP_ICONS

export const APP_ICON_PATH = '/icons/'

/** Where the installed app opens: the buyer's orders, what a returning buyer comes back for. */
export const APP_START_URL = '/my-orders'

/** A launcher shows about 12 characters under an icon: the store's name, else its first words that fit, else its start. */
export function shortStoreName(storeName: string, limit = 12): string {
	const name = storeName.trim()
	if (name.length <= limit) return name
	let short = ''
	for (const word of name.split(/\s+/)) {
		const next = short ? `${short} ${word}` : word
		if (next.length > limit) break
		short = next
	}
	return short || name.slice(0, limit)
}

/** An icon file's address: the owner's upload carries its version, so a new icon is not hidden by a cached old one. */
export const appIconUrl = (name: AppIconName, version: string | null = null) => `${APP_ICON_PATH}${name}${version ? `?v=${version}` : ''}`

export interface WebAppManifest {
	id: string
	name: string
	short_name: string
	start_url: string
	scope: string
	display: 'standalone'
	theme_color: string
	background_color: string
	lang: string
	dir: 'ltr' | 'rtl'
	categories: string[]
	icons: Array<{ src: string; sizes: string; type: 'image/png'; purpose: string }>
}

/**
 * The manifest for the app's names as the owner set them on /admin/store (else the store's name, and
 * its first words that fit), in the language of the page it is installed from: an Urdu page's app
 * opens on the Urdu My orders, right to left. One app either way (one id). `iconVersion`: the owner's
 * uploaded icon, when there is one.
 */
export function webAppManifest({
	storeName,
	appName = null,
	appShortName = null,
	iconVersion = null,
	lang = 'en',
}: {
	storeName: string
	appName?: string | null
	appShortName?: string | null
	iconVersion?: string | null
	lang?: Lang
}): WebAppManifest {
	return {
		id: '/',
		name: appName ?? storeName,
		short_name: appShortName ?? shortStoreName(storeName),
		start_url: localePath(lang, APP_START_URL),
		scope: '/',
		display: 'standalone',
		theme_color: SHOP_THEME_COLOR,
		background_color: SHOP_THEME_COLOR,
		lang,
		dir: lang === 'ur' ? 'rtl' : 'ltr',
		categories: ['shopping'],
		icons: Object.entries(APP_ICONS).map(([file, icon]) => ({
			src: appIconUrl(file as AppIconName, iconVersion),
			sizes: `${icon.size}x${icon.size}`,
			type: 'image/png',
			purpose: icon.purpose,
		})),
	}
}

export function isAppIconName(name: string): name is AppIconName {
	return Object.hasOwn(APP_ICONS, name)
}
