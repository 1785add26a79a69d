import sharp from 'sharp'
// The shop's own logo, read at build time: nothing is fetched to draw the icons.
import logo from '../../../public/favicon.svg?raw'
import { APP_ICONS, SHOP_THEME_COLOR, type AppIconName } from './web-app-manifest'

// The installed app's icons, drawn from public/favicon.svg once per process and kept in memory
// (three small PNGs; the logo only changes with a deploy).

const drawn = new Map<AppIconName, Promise<Buffer>>()

/** A maskable icon is cropped to a circle or a squircle by the phone: the logo sits inside the middle 60%, on the page colour. */
function maskableSvg(size: number): Buffer {
	const inner = Math.round(size * 0.6)
	const offset = Math.round((size - inner) / 2)
	const body = logo.replace(/^[\s\S]*?<svg\b/, `<svg x="${offset}" y="${offset}" width="${inner}" height="${inner}"`)
	return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${SHOP_THEME_COLOR}"/>${body}</svg>`)
}

async function draw(name: AppIconName): Promise<Buffer> {
	const { size, purpose } = APP_ICONS[name]
	const svg = purpose === 'maskable' ? maskableSvg(size) : Buffer.from(logo)
	// The logo's viewBox is 32 units: drawn at a density that gives `size` pixels, then fitted exactly.
	return sharp(svg, { density: Math.ceil((72 * size) / 32) })
		.resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
		.png({ compressionLevel: 9 })
		.toBuffer()
}

/** The PNG for one of the manifest's icons, drawn on first request. */
export function renderAppIcon(name: AppIconName): Promise<Buffer> {
	let png = drawn.get(name)
	if (!png) {
		png = draw(name)
		drawn.set(name, png)
		// A failed drawing is tried again next time rather than remembered.
		png.catch(() => drawn.delete(name))
	}
	return png
}
