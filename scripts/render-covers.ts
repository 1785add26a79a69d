// Renders every product cover SVG in public/images/products to WebP files beside it, in Chromium
// (the browser the tests already use): `node --import tsx scripts/render-covers.ts`.
//
// The shop serves the WebP copies, in the widths of app/domain/catalogue/covers.ts: 640 px fills
// the largest slot (380 CSS px) at a phone's 1.75 pixel ratio, 400 px a card in the two-column
// grid. A phone draws an SVG cover as a whole document of its own, with text layout and fonts, on
// the page's main thread; a WebP is decoded off it. Run this again after editing or adding an SVG,
// and commit the files it writes.
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { COVER_WIDTHS, coverFile } from '../app/domain/catalogue/covers'

const DIR = path.resolve('public/images/products')
const QUALITY = 0.75

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-background-networking'],
})
try {
	const page = await browser.newPage()
	await page.setContent('<!doctype html><title>covers</title>')
	for (const file of fs.readdirSync(DIR).filter((f) => f.endsWith('.svg'))) {
		const svg = fs.readFileSync(path.join(DIR, file), 'utf8')
		for (const width of COVER_WIDTHS) {
			const base64 = await page.evaluate(
				async ({ svg, width, quality }) => {
					const img = new Image()
					img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
					await img.decode()
					const canvas = document.createElement('canvas')
					canvas.width = width
					canvas.height = width
					canvas.getContext('2d')!.drawImage(img, 0, 0, width, width)
					return canvas.toDataURL('image/webp', quality).split(',')[1]!
				},
				{ svg, width, quality: QUALITY },
			)
			const out = path.join(DIR, coverFile(file.replace(/\.svg$/, ''), width))
			fs.writeFileSync(out, Buffer.from(base64, 'base64'))
			console.log(`${path.relative(process.cwd(), out)} ${(fs.statSync(out).size / 1024).toFixed(1)} KB`)
		}
	}
} finally {
	await browser.close()
}
