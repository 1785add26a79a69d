import crypto from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import type { Db } from '../../db/client.server'
import { AppError } from '../../utils/app-error'
import { limitImageWork } from '../jobs/cpu-limits.server'
import { saveMediaFiles, type MediaFile } from '../media/store-product-image.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { requireOwner } from '../staff/permissions'
import { notifyStoreChanged } from '../store-changes.server'
import { readStoreSetting, writeStoreSetting } from '../store-settings.server'
import { APP_ICON_MAX_BYTES, APP_ICON_MIN_SIDE, APP_ICON_MISSING, APP_ICON_NOT_IMAGE, APP_ICON_SETTING, APP_ICON_TOO_LARGE, APP_ICON_UNREADABLE, appIconNotSquare, appIconTooSmall } from './app-icon-rules'
import { appIconKey, appIconSettingSchema, forgetAppIcon, type AppIconSetting } from './read-app-icon.server'
import { APP_ICONS, SHOP_THEME_COLOR, type AppIconName } from './web-app-manifest'

// The owner's app icon (ADR-034, ADR-046): a square PNG, JPEG or WebP of at least 512 px, drawn as the
// manifest's three PNGs (192, 512, and 512 maskable: the picture inside the middle 80%, on the page
// colour, as phones crop it to a circle or a squircle), stored as media, named by a store setting.

const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp'])
/** Part of the files' base: a change to how icons are drawn gives new files. */
const PIPELINE_VERSION = 'app-icon-v1'
/** A decompression bomb declares a huge canvas in a few bytes: nothing over this is decoded. */
const MAX_PIXELS = 64_000_000

async function drawIcons(input: Buffer): Promise<{ base: string; files: MediaFile[] }> {
	const options: sharp.SharpOptions = { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false }
	let metadata: sharp.Metadata
	try {
		metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata()
	} catch {
		throw new AppError('BAD_REQUEST', APP_ICON_UNREADABLE)
	}
	if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_PIXELS) throw new AppError('BAD_REQUEST', APP_ICON_UNREADABLE)
	const { width, height } = metadata.autoOrient
	if (width !== height) throw new AppError('BAD_REQUEST', appIconNotSquare(width, height), { icon: appIconNotSquare(width, height) })
	if (width < APP_ICON_MIN_SIDE) throw new AppError('BAD_REQUEST', appIconTooSmall(width), { icon: appIconTooSmall(width) })
	const base = crypto.createHash('sha256').update(PIPELINE_VERSION).update(input).digest('hex').slice(0, 24)
	try {
		const files: MediaFile[] = []
		for (const [name, { size, purpose }] of Object.entries(APP_ICONS) as [AppIconName, (typeof APP_ICONS)[AppIconName]][]) {
			const upright = sharp(input, options).autoOrient()
			let png: Buffer
			if (purpose === 'maskable') {
				const inner = Math.round(size * 0.8)
				const picture = await upright.resize(inner, inner).png().toBuffer()
				png = await sharp({ create: { width: size, height: size, channels: 4, background: SHOP_THEME_COLOR } })
					.composite([{ input: picture, gravity: 'centre' }])
					.png({ compressionLevel: 9 })
					.toBuffer()
			} else png = await upright.resize(size, size).png({ compressionLevel: 9 }).toBuffer()
			// No withMetadata(): none of the upload's EXIF or GPS goes into the icons.
			files.push({ key: appIconKey(base, name), contentType: 'image/png', bytes: png, width: size, height: size })
		}
		return { base, files }
	} catch (error) {
		if (error instanceof AppError) throw error
		throw new AppError('BAD_REQUEST', APP_ICON_UNREADABLE)
	}
}

/** The owner's new app icon: checked, drawn, stored, named by the setting, audited; every instance and page told. */
export async function setAppIcon(db: Db, actor: Actor, bytes: Uint8Array): Promise<AppIconSetting> {
	requireOwner(actor)
	if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', APP_ICON_MISSING, { icon: APP_ICON_MISSING })
	if (bytes.byteLength > APP_ICON_MAX_BYTES) throw new AppError('TOO_LARGE', APP_ICON_TOO_LARGE, { icon: APP_ICON_TOO_LARGE })
	// By the bytes, never the name or the type the browser claims.
	const type = await fileTypeFromBuffer(bytes)
	if (!type || !ACCEPTED.has(type.mime)) throw new AppError('BAD_REQUEST', APP_ICON_NOT_IMAGE, { icon: APP_ICON_NOT_IMAGE })
	const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const { base, files } = await limitImageWork(() => drawIcons(input))
	const after: AppIconSetting = { base }
	await db.transaction(async (tx) => {
		const before = await readStoreSetting<AppIconSetting | null>(tx, APP_ICON_SETTING, appIconSettingSchema, null)
		await saveMediaFiles(tx, files)
		await writeStoreSetting(tx, APP_ICON_SETTING, after)
		await recordAudit(tx, actor, { action: 'store.app_icon', target: 'store settings', before: { appIcon: before?.base ?? 'built-in' }, after: { appIcon: base } })
		await notifyStoreChanged(tx, 'settings')
	})
	forgetAppIcon()
	return after
}
