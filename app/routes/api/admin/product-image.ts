import { db } from '~/db/client.server'
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_MISSING, PRODUCT_IMAGE_TOO_LARGE } from '~/domain/media/product-image-rules'
import { setProductImage } from '~/domain/media/store-product-image.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { uploadProductImageContract } from '~/http/admin-contracts/media'
import { readUploadedFile } from '~/http/upload.server'
import { AppError } from '~/utils/app-error'

// POST /api/admin/products/{id}/image: a product's new cover (catalogue permission). The console's
// script asks for JSON; the same form posted without scripts (Accept: text/html) is sent back to
// the product's console page, with the refusal's sentence when there is one.

const productPage = (id: number, query: Record<string, string>) =>
	new Response(null, { status: 303, headers: { Location: `/admin/products/${id}?${new URLSearchParams(query)}` } })

const route = adminRoute(
	adminEndpoint(uploadProductImageContract, async ({ request, params, actor }) => {
		const wantsPage = (request.headers.get('accept') ?? '').includes('text/html')
		try {
			const bytes = await readUploadedFile(request, { field: 'image', maxFileBytes: PRODUCT_IMAGE_MAX_BYTES, tooLarge: PRODUCT_IMAGE_TOO_LARGE, missing: PRODUCT_IMAGE_MISSING })
			const saved = await setProductImage(db(), actor, params.id, bytes)
			return wantsPage ? productPage(params.id, { image: 'saved' }) : saved
		} catch (error) {
			if (wantsPage && error instanceof AppError && error.code !== 'NOT_FOUND') return productPage(params.id, { imageError: error.message })
			throw error
		}
	}),
)

// Named one by one: React Router strips loader and action from the browser build, which it cannot do for destructured exports.
export const loader = route.loader
export const action = route.action
