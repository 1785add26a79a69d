import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as policiesUr from '../content/ur/policies'
import * as siteUr from '../content/ur/site'
import { CATALOGUES } from './messages.server'
import { inUrduFace, URDU_UNICODE_RANGE } from './urdu-face'

/** Every string inside a value (objects, arrays), joined. */
const textOf = (value: unknown): string =>
	typeof value === 'string' ? value : Array.isArray(value) ? value.map(textOf).join(' ') : value && typeof value === 'object' ? Object.values(value).map(textOf).join(' ') : ''

describe('the shop’s Urdu face', () => {
	it('draws every Arabic-script letter, mark and sign of the shop’s Urdu texts', () => {
		const texts = textOf([CATALOGUES.ur, siteUr, policiesUr.policyPagesUr, policiesUr.gamePassTermsUr])
		expect(texts.length).toBeGreaterThan(50_000)
		const missing = new Set([...texts].filter((ch) => ch.codePointAt(0)! >= 0x0600 && ch.codePointAt(0)! <= 0x06ff && !inUrduFace(ch.codePointAt(0)!)))
		expect([...missing].map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase()} ${ch}`)).toEqual([])
	})

	it('is named for exactly those characters in the stylesheet, for both weights', () => {
		const css = fs.readFileSync(new URL('../styles/app.css', import.meta.url), 'utf8')
		const faces = css.match(/@font-face \{ font-family: 'Urdu Naskh';[^}]*\}/g) ?? []
		expect(faces).toHaveLength(2)
		for (const face of faces) expect(face).toContain(`unicode-range: ${URDU_UNICODE_RANGE};`)
	})
})
