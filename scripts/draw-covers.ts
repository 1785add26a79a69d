// Draws the shop's own product covers as SVG from the catalogue seed: `node --import tsx scripts/draw-covers.ts`,
// then `node --import tsx scripts/render-covers.ts` for the WebP files the shop serves.
//
// One art direction per platform (Xbox green, PlayStation blue, Steam and PC dark, EA, Ubisoft, Riot),
// one layout per kind of product (subscription, gift card, in-game currency, game key, account), the
// name large enough to read on a phone's two-column card, and the top-left corner left empty for the
// SALE / NEW badge the card draws over the cover. Text is measured in Chromium with the font the
// render uses, so a name never runs off its tile.
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { catalogueProducts as catalogue } from '../app/db/seed/catalogue'
import type { Product } from '../app/domain/catalogue/types'

const DIR = path.resolve('public/images/products')
const FONT = "'Liberation Sans', Arial, Helvetica, sans-serif"
const SIZE = 400
const PAD = 28

interface Palette {
	/** Background gradient, top-left to bottom-right. */
	from: string
	to: string
	/** Accent for the motif, the subtitle and the strip's rule. */
	accent: string
	/** Text drawn on the accent. */
	onAccent: string
	wordmark: string
}

const PALETTES = {
	xbox: { from: '#138a13', to: '#04140a', accent: '#9bf00b', onAccent: '#062106', wordmark: 'XBOX' },
	playstation: { from: '#0a5fd1', to: '#020c2b', accent: '#6fb6ff', onAccent: '#021033', wordmark: 'PLAYSTATION' },
	steam: { from: '#2a475e', to: '#0b0f16', accent: '#66c0f4', onAccent: '#0b1a26', wordmark: 'STEAM' },
	pc: { from: '#3a3f4b', to: '#0c0d11', accent: '#f2c94c', onAccent: '#1d1703', wordmark: 'PC' },
	ea: { from: '#3b0d18', to: '#0b0406', accent: '#ff5a4e', onAccent: '#2a0505', wordmark: 'EA PLAY' },
	ubisoft: { from: '#1b2f7a', to: '#060a1f', accent: '#5ea8ff', onAccent: '#04102e', wordmark: 'UBISOFT+' },
	riot: { from: '#5b1119', to: '#0f0608', accent: '#ff4655', onAccent: '#2b0508', wordmark: 'RIOT · PC' },
} satisfies Record<string, Palette>

type Kind = 'subscription' | 'gift card' | 'currency' | 'game key' | 'account'

const KIND_LABEL: Record<Kind, string> = {
	subscription: 'SUBSCRIPTION',
	'gift card': 'GIFT CARD',
	currency: 'IN-GAME CURRENCY',
	'game key': 'GAME KEY',
	account: 'GAME ACCOUNT',
}

function kindOf(p: Product): Kind {
	if (p.durations?.length) return 'subscription'
	if (p.privatePrice != null) return 'account'
	if (p.denominations?.length) return /gift card/i.test(p.name) ? 'gift card' : 'currency'
	return 'game key'
}

function paletteOf(p: Product): Palette {
	if (/^EA Play/.test(p.name)) return PALETTES.ea
	if (/Ubisoft/.test(p.name)) return { ...PALETTES.ubisoft, wordmark: p.category === 'pc' ? 'UBISOFT+ · PC' : 'UBISOFT+ · XBOX' }
	if (/Valorant/.test(p.name)) return PALETTES.riot
	if (p.category === 'xbox') return PALETTES.xbox
	if (p.category === 'playstation') return PALETTES.playstation
	return /Steam/.test(p.name) ? PALETTES.steam : PALETTES.pc
}

const options = (p: Product) =>
	(p.denominations ?? []).filter((d) => d.value > 0 && d.price > 0).map((d) => d.label)

/** The name on the tile and the line under it: what it is, in the buyer's words. */
function titlesOf(p: Product, kind: Kind): { title: string; subtitle: string } {
	const bracket = /\s*\(([^)]*)\)\s*$/.exec(p.name)
	let title = p.name.replace(/\s*\([^)]*\)\s*$/, '')
	const inBracket = bracket?.[1] ?? ''
	switch (kind) {
		case 'subscription': {
			const months = (p.durations ?? []).filter((d) => d.months > 0).map((d) => d.months)
			const range = months.length > 1 ? `${Math.min(...months)}–${Math.max(...months)} months` : `${months[0]} month`
			return { title, subtitle: [inBracket, range].filter(Boolean).join(' · ') }
		}
		case 'gift card': {
			const values = options(p)
			const range = values.length > 1 ? `${values[0]!.replace(' USD', '')} – ${values.at(-1)}` : (values[0] ?? '')
			return { title, subtitle: [inBracket, range].filter(Boolean).join(' · ') }
		}
		case 'currency': {
			const values = options(p)
			const unit = values[0]!.replace(/^[\d,]+\s*/, '')
			const range = `${values[0]!.replace(` ${unit}`, '')} – ${values.at(-1)!.replace(` ${unit}`, '')}`
			return { title, subtitle: [range, inBracket].filter(Boolean).join(' · ') }
		}
		case 'account': {
			title = title.replace(/\s*Account$/, '').replace(/\s*Premium Account$/, ' Premium')
			return { title, subtitle: ['Private or shared', inBracket].filter(Boolean).join(' · ') }
		}
		case 'game key':
			return { title, subtitle: inBracket || 'Digital code' }
	}
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The kind's picture, in the upper right (the top-left corner stays empty for the card's badge). */
function motif(kind: Kind, p: Product, c: Palette): string {
	switch (kind) {
		case 'subscription': {
			const months = (p.durations ?? []).filter((d) => d.months > 0).map((d) => d.months)
			const top = months.length > 1 ? `${Math.min(...months)}–${Math.max(...months)}` : String(months[0])
			return `<g transform="translate(292 112)">
<circle r="86" fill="${c.accent}" opacity=".12"/>
<circle r="70" fill="none" stroke="${c.accent}" stroke-width="14" stroke-dasharray="330 110" stroke-linecap="round" transform="rotate(-90)"/>
<circle r="48" fill="${c.accent}" opacity=".18"/>
<text y="8" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${top.length > 3 ? 28 : 34}" fill="#fff">${esc(top)}</text>
<text y="30" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="12" letter-spacing="2" fill="${c.accent}">MONTHS</text>
</g>`
		}
		case 'gift card': {
			const values = options(p)
			const big = values.at(-1)?.replace(' USD', '') ?? ''
			return `<g transform="translate(196 38) rotate(-8 100 64)">
<rect width="188" height="120" rx="14" fill="${c.accent}"/>
<rect x="0" y="78" width="188" height="18" fill="${c.onAccent}" opacity=".25"/>
<rect x="16" y="20" width="32" height="24" rx="5" fill="${c.onAccent}" opacity=".45"/>
<text x="172" y="50" text-anchor="end" font-family="${FONT}" font-weight="700" font-size="34" fill="${c.onAccent}">${esc(big)}</text>
<text x="16" y="116" font-family="${FONT}" font-weight="700" font-size="11" letter-spacing="2" fill="${c.onAccent}" opacity=".8">${esc(c.wordmark.split(' ')[0]!)}</text>
</g>`
		}
		case 'currency':
			return `<g transform="translate(300 108)" fill="${c.accent}">
<ellipse cx="-38" cy="58" rx="46" ry="14" opacity=".35"/>
<ellipse cx="-38" cy="44" rx="46" ry="14" opacity=".55"/>
<ellipse cx="-38" cy="30" rx="46" ry="14" opacity=".8"/>
<circle cx="22" cy="-8" r="58"/>
<circle cx="22" cy="-8" r="44" fill="none" stroke="${c.onAccent}" stroke-width="5" opacity=".35"/>
<path d="M22 -36 l10 20 22 3 -16 15 4 22 -20 -11 -20 11 4 -22 -16 -15 22 -3z" fill="${c.onAccent}" opacity=".55"/>
</g>`
		case 'game key':
			return `<g transform="translate(206 52) rotate(-10 88 60)">
<path d="M0 14 a14 14 0 0 1 14 -14 h148 a14 14 0 0 1 14 14 v32 a14 14 0 0 0 0 28 v32 a14 14 0 0 1 -14 14 h-148 a14 14 0 0 1 -14 -14 v-32 a14 14 0 0 0 0 -28z" fill="${c.accent}"/>
<path d="M126 10 v100" stroke="${c.onAccent}" stroke-width="3" stroke-dasharray="6 7" opacity=".45"/>
<g transform="translate(24 60)" fill="none" stroke="${c.onAccent}" stroke-width="9" stroke-linecap="round" opacity=".8">
<circle cx="14" cy="0" r="14"/><path d="M28 0 h58 M72 0 v14 M86 0 v10"/>
</g>
<text x="150" y="66" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="13" letter-spacing="2" fill="${c.onAccent}" transform="rotate(90 150 62)">KEY</text>
</g>`
		case 'account':
			return `<g transform="translate(220 30)">
<rect width="150" height="150" rx="28" fill="${c.accent}" opacity=".16"/>
<circle cx="75" cy="58" r="28" fill="${c.accent}"/>
<path d="M27 132 a48 44 0 0 1 96 0z" fill="${c.accent}"/>
<g font-family="${FONT}" font-weight="700" font-size="11" letter-spacing="1.5">
<rect x="-30" y="112" width="74" height="24" rx="12" fill="#fff"/><text x="7" y="128" text-anchor="middle" fill="${c.onAccent}">PRIVATE</text>
<rect x="106" y="112" width="70" height="24" rx="12" fill="${c.onAccent}" stroke="${c.accent}" stroke-width="2"/><text x="141" y="128" text-anchor="middle" fill="#fff">SHARED</text>
</g>
</g>`
	}
}

type Measure = (text: string, size: number, weight: number) => Promise<number>

/** Breaks the name into at most three lines at the largest size that fits the tile's width. */
async function layoutName(title: string, measure: Measure) {
	const words = title.split(/\s+/)
	const width = SIZE - 2 * PAD
	for (const size of [50, 46, 42, 38, 34, 31, 28]) {
		const lines: string[] = []
		let line = ''
		let fits = true
		for (const word of words) {
			const next = line ? `${line} ${word}` : word
			if ((await measure(next, size, 700)) <= width) line = next
			else {
				if (!line || (await measure(word, size, 700)) > width) fits = false
				lines.push(line)
				line = word
			}
		}
		lines.push(line)
		if (fits && lines.length <= 3) return { size, lines }
	}
	throw new Error(`${title} does not fit`)
}

async function drawCover(p: Product, measure: Measure): Promise<string> {
	const c = paletteOf(p)
	const kind = kindOf(p)
	const { title, subtitle } = titlesOf(p, kind)
	const { size, lines } = await layoutName(title, measure)
	let subSize = 21
	while ((await measure(subtitle, subSize, 700)) > SIZE - 2 * PAD && subSize > 14) subSize--
	const lineHeight = Math.round(size * 1.06)
	const subBaseline = 334
	const lastBaseline = subBaseline - subSize - 14
	const firstBaseline = lastBaseline - (lines.length - 1) * lineHeight
	const id = `c${p.id}`
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">
<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.from}"/><stop offset="1" stop-color="${c.to}"/></linearGradient>
<radialGradient id="${id}g" cx=".78" cy=".26" r=".6"><stop offset="0" stop-color="${c.accent}" stop-opacity=".28"/><stop offset="1" stop-color="${c.accent}" stop-opacity="0"/></radialGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#${id})"/>
<rect width="${SIZE}" height="${SIZE}" fill="url(#${id}g)"/>
<g transform="translate(${SIZE} 0) scale(.8) translate(-${SIZE} 0)">${motif(kind, p, c)}</g>
<g font-family="${FONT}" font-weight="700" fill="#fff">${lines
		.map((l, n) => `<text x="${PAD}" y="${firstBaseline + n * lineHeight}" font-size="${size}">${esc(l)}</text>`)
		.join('')}</g>
<text x="${PAD}" y="${subBaseline}" font-family="${FONT}" font-weight="700" font-size="${subSize}" fill="${c.accent}">${esc(subtitle)}</text>
<rect y="352" width="${SIZE}" height="48" fill="#000" opacity=".35"/>
<rect y="352" width="${SIZE}" height="3" fill="${c.accent}"/>
<g font-family="${FONT}" font-weight="700" font-size="13" letter-spacing="2"><text x="${PAD}" y="381" fill="#fff">${esc(c.wordmark)}</text><text x="${SIZE - PAD}" y="381" text-anchor="end" fill="#fff" opacity=".7">${KIND_LABEL[kind]}</text></g>
</svg>
`
}

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-background-networking'],
})
try {
	const page = await browser.newPage()
	await page.setContent('<!doctype html><title>measure</title>')
	const measure: Measure = (text, size, weight) =>
		page.evaluate(
			({ text, font }) => {
				const ctx = document.createElement('canvas').getContext('2d')!
				ctx.font = font
				return ctx.measureText(text).width
			},
			{ text, font: `${weight} ${size}px ${FONT}` },
		)
	for (const p of catalogue) {
		fs.writeFileSync(path.join(DIR, `${p.id}.svg`), await drawCover(p, measure))
	}
	console.log(`drew ${catalogue.length} covers`)
} finally {
	await browser.close()
}
