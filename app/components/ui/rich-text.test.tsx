import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { richText } from './rich-text'

describe('a message with elements in its places', () => {
	it('puts each element where the language puts its place', () => {
		const link = <a href="/products">see all products</a>
		expect(renderToStaticMarkup(<p>{richText('Try {link}.', { link })}</p>)).toBe('<p>Try <a href="/products">see all products</a>.</p>')
		expect(renderToStaticMarkup(<p>{richText('{link} آزمائیں۔', { link })}</p>)).toBe('<p><a href="/products">see all products</a> آزمائیں۔</p>')
	})

	it('leaves a place it is not given as written', () => {
		expect(renderToStaticMarkup(<p>{richText('was {was}, now {now}', { was: <b>1</b> })}</p>)).toBe('<p>was <b>1</b>, now {now}</p>')
	})
})
