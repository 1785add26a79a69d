import { z } from 'zod'
import { PRODUCT_IMAGE_MAX_BYTES } from '../../domain/media/product-image-rules'
import { idSchema } from '../../utils/input'
import { defineContract, type AdminContract } from '../admin-contract'

export const productImageSet = z
	.object({
		base: z.string().describe('The files are /media/{base}-{width}.webp and .jpg'),
		widths: z.array(z.number().int()).describe('Stored widths, smallest first (320, 480, 640, 960 where the image is that large)'),
		width: z.number().int().describe("The largest file's width"),
		height: z.number().int().describe("The largest file's height"),
	})
	.describe('An uploaded cover: square, as WebP and JPEG at each width')

export const uploadProductImageContract = defineContract({
	method: 'POST',
	path: '/api/admin/products/{id}/image',
	summary:
		"Upload a product's cover (multipart/form-data, field `image`): JPEG, PNG, WebP, AVIF or GIF, at most 8 MB, at least 300 px on each side. It is turned upright, cropped to the middle square, stripped of its metadata and stored as WebP and JPEG at 320, 480, 640 and 960 px. A form that accepts text/html is sent back to /admin/products/{id} (303).",
	tag: 'Products',
	permission: 'catalogue',
	scope: 'catalogue',
	params: z.object({ id: idSchema('Product not found') }),
	multipart: true,
	body: z.object({ image: z.file().max(PRODUCT_IMAGE_MAX_BYTES).describe('The image file') }),
	response: z.object({ image: z.string().describe('products.image: the 640 px WebP (or the largest)'), imageSet: productImageSet }),
})

/** The media endpoints' contracts. */
export const mediaContracts: AdminContract[] = [uploadProductImageContract]
