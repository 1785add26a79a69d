import { z } from 'zod'
import type { Db } from '../../db/client.server'
import { cachedUntilChanged } from '../cached-read.server'
import { readMedia } from '../media/read-media.server'
import { readStoreSetting } from '../store-settings.server'
import { APP_ICON_SETTING } from './app-icon-rules'
import { renderAppIcon } from './render-app-icon.server'
import type { AppIconName } from './web-app-manifest'

/** The uploaded icon's files are `{base}-{icon name}` in media; the base is a hash of the upload. */
export const appIconSettingSchema = z.object({ base: z.string().regex(/^[0-9a-f]{24}$/) })
export type AppIconSetting = z.infer<typeof appIconSettingSchema>

export const appIconKey = (base: string, name: AppIconName) => `${base}-${name}`

// Read by every buyer page (its apple-touch-icon) and the manifest: kept until the settings change.
const appIconCache = cachedUntilChanged('app icon', 'settings', (db) => readStoreSetting<AppIconSetting | null>(db, APP_ICON_SETTING, appIconSettingSchema, null))

/** The owner's uploaded icon (its files' base), or null while the shop's logo is the icon. */
export const readAppIcon = (db: Db): Promise<AppIconSetting | null> => appIconCache.read(db)

/** Forgets this instance's copy (after this instance changed it). */
export const forgetAppIcon = () => appIconCache.forget()

/** One of the manifest's icons as PNG: the owner's upload at that size, else drawn from the shop's logo. */
export async function appIconPng(db: Db, name: AppIconName): Promise<{ png: Buffer; version: string | null }> {
	const icon = await readAppIcon(db)
	const file = icon ? await readMedia(db, appIconKey(icon.base, name)) : null
	if (icon && file) return { png: file.bytes, version: icon.base }
	return { png: await renderAppIcon(name), version: null }
}
