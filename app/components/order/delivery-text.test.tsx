import fs from 'node:fs'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { UnbrokenText } from './delivery-text'

describe('delivered codes and passwords', () => {
	it('keep every code and password whole: each is one unbreakable piece, lines break only at spaces', () => {
		const html = renderToStaticMarkup(<UnbrokenText text={'Email: ali.gamer@outlook.com\nPassword: Xy7-kQ9-zP2'} />)
		expect(html).toContain('<span>Xy7-kQ9-zP2</span>')
		expect(html).toContain('<span>ali.gamer@outlook.com</span>')
		// The text a buyer selects by hand is the stored text, hyphens included.
		expect(html.replace(/<[^>]+>/g, '')).toBe('Email: ali.gamer@outlook.com\nPassword: Xy7-kQ9-zP2')
		const css = fs.readFileSync(new URL('../../styles/app.css', import.meta.url), 'utf8')
		expect(css).toMatch(/\.unbroken-text > span \{ white-space: nowrap; \}/)
		expect(css).not.toMatch(/\.order-delivery pre \{[^}]*overflow-wrap: anywhere/)
	})
})
