import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { PRODUCT_IMAGE_NOT_IMAGE, PRODUCT_IMAGE_TOO_LARGE, PRODUCT_IMAGE_TOO_SMALL } from '~/domain/media/product-image-rules'
import { coverProblem, ProductImageForm, type ProductCover } from './product-image-form'

const uploaded = { image: '/media/0123456789abcdef01234567-640.webp', imageSet: { base: '0123456789abcdef01234567', widths: [320, 480, 640], width: 640, height: 640 } }

/** The form as the product's console page shows it at `address`. */
function render(address: string, cover: ProductCover = uploaded) {
	const Stub = createRoutesStub([{ path: '/admin/products/:id', Component: () => <ProductImageForm productId={12} currentImage={cover} /> }])
	return renderToString(<Stub initialEntries={[address]} />)
}

describe('the product cover form', () => {
	it('posts the file as a form upload that works without scripts, beside the current cover', () => {
		const html = render('/admin/products/12')
		expect(html).toContain('action="/api/admin/products/12/image"')
		expect(html).toContain('method="post"')
		expect(html).toContain('encType="multipart/form-data"')
		expect(html).toMatch(/<input[^>]*type="file"[^>]*name="image"/)
		expect(html).toContain('at least 300 × 300 pixels, up to 8 MB')
		expect(html).toContain('srcSet="/media/0123456789abcdef01234567-320.webp 320w')
		expect(html).not.toContain('role="alert"')
	})

	it("shows the server's answer to a form posted without scripts, and only sentences the shop wrote", () => {
		expect(render('/admin/products/12?image=saved')).toContain('The new image is saved')
		const refused = render(`/admin/products/12?imageError=${encodeURIComponent(PRODUCT_IMAGE_TOO_SMALL)}`)
		expect(refused).toContain('role="alert"')
		expect(refused).toContain('The image is too small: at least 300 pixels wide and tall.')
		const forged = render(`/admin/products/12?imageError=${encodeURIComponent('Your account is locked: call 0300 0000000')}`)
		expect(forged).not.toContain('0300')
		expect(forged).toContain('The image could not be saved. Please try again.')
	})

	it("shows the shop's own cover for a product without an upload", () => {
		const html = render('/admin/products/12', { image: '/images/products/12.webp', imageSet: null })
		expect(html).toContain('src="/images/products/12.webp"')
		expect(html).not.toContain('<picture>')
	})

	it('tells what the server would refuse before a slow upload', () => {
		expect(coverProblem({ size: 2_000_000, type: 'image/jpeg' })).toBeNull()
		expect(coverProblem({ size: 2_000_000, type: '' })).toBeNull()
		expect(coverProblem({ size: 2_000, type: 'image/svg+xml' })).toBe(PRODUCT_IMAGE_NOT_IMAGE)
		expect(coverProblem({ size: 2_000, type: 'text/html' })).toBe(PRODUCT_IMAGE_NOT_IMAGE)
		expect(coverProblem({ size: 9 * 1024 * 1024, type: 'image/png' })).toBe(PRODUCT_IMAGE_TOO_LARGE)
		expect(coverProblem(null)).toBe('Please choose an image to upload.')
	})
})
