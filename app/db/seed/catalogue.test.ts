import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalogue } from './catalogue'

describe('catalogue seed', () => {
	it('has ids 1 to 50 without 30, once each', () => {
		const ids = catalogue.map((p) => p.id)
		expect(new Set(ids).size).toBe(ids.length)
		expect(ids).toEqual(Array.from({ length: 50 }, (_, i) => i + 1).filter((id) => id !== 30))
	})

	it('gives the special products the roles the spec fixes', () => {
		const byId = new Map(catalogue.map((p) => [p.id, p]))
		expect(byId.get(1)!.durations!.map((d) => d.price)).toEqual([4000, 5000, 0])
		expect(byId.get(1)!.durations!.map((d) => d.sharedPrice ?? null)).toEqual([2700, 3400, null])
		expect(byId.get(14)!.denominations!.map((d) => [d.label, d.price])).toEqual([['$5 USD', 2200], ['$10 USD', 3200], ['$20 USD', 6000], ['Custom Amount', 0]])
		expect(byId.get(5)!.name).toContain('Grand Theft Auto V')
		expect(byId.get(6)!.name).toContain('Tekken 7')
		const featured = catalogue.filter((p) => p.featured)
		expect(featured.map((p) => p.id).slice(0, 3)).toEqual([1, 5, 14])
		expect(featured).toHaveLength(4)
		expect(featured[3]!.name).toContain("Assassin's Creed Shadows")
	})

	it('covers every category and never mixes durations with denominations', () => {
		expect(new Set(catalogue.map((p) => p.category))).toEqual(new Set(['xbox', 'playstation', 'pc']))
		expect(catalogue.filter((p) => p.durations && p.denominations)).toEqual([])
	})

	it('points every product at its own WebP cover, rendered from the SVG beside it', () => {
		for (const p of catalogue) {
			expect(p.image).toBe(`/images/products/${p.id}.webp`)
			const webp = fs.readFileSync(path.resolve('public', p.image.slice(1)))
			expect(webp.subarray(0, 4).toString('latin1')).toBe('RIFF')
			expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP')
			expect(fs.existsSync(path.resolve('public', `images/products/${p.id}.svg`))).toBe(true)
		}
	})
})
