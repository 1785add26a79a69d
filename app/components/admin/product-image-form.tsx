import { useId, useState, type FormEvent } from 'react'
import { useRevalidator, useSearchParams } from 'react-router'
import { ActionResult } from '~/components/admin/action-result'
import { ProductImage } from '~/components/product/product-image'
import type { ProductImageSet } from '~/domain/catalogue/types'
import {
	PRODUCT_IMAGE_MAX_BYTES,
	PRODUCT_IMAGE_MISSING,
	PRODUCT_IMAGE_NOT_IMAGE,
	PRODUCT_IMAGE_PROBLEMS,
	PRODUCT_IMAGE_TOO_LARGE,
} from '~/domain/media/product-image-rules'

export interface ProductCover {
	image: string
	imageSet: ProductImageSet | null
}

type Result = { ok: boolean; message: string }

const SAVED = 'The new image is saved: the storefront shows it now.'
const NOT_SAVED = 'The image could not be saved. Please try again.'

// What the server takes; the browser's type is only a first check, the server reads the bytes.
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif'

/** Why a chosen file cannot be a cover, told before a slow upload; null when it may be. */
export function coverProblem(file: Pick<File, 'size' | 'type'> | null | undefined): string | null {
	if (!file || file.size === 0) return PRODUCT_IMAGE_MISSING
	if (file.type && !ACCEPT.split(',').includes(file.type)) return PRODUCT_IMAGE_NOT_IMAGE
	if (file.size > PRODUCT_IMAGE_MAX_BYTES) return PRODUCT_IMAGE_TOO_LARGE
	return null
}

/** The answer of a form posted without scripts, which the server sends back here (?image=saved or ?imageError=…). */
function resultFromAddress(params: URLSearchParams): Result | undefined {
	if (params.get('image') === 'saved') return { ok: true, message: SAVED }
	const error = params.get('imageError')
	if (error === null) return undefined
	// Only the server's own sentences: a link cannot make the console say something else.
	return { ok: false, message: (PRODUCT_IMAGE_PROBLEMS as readonly string[]).includes(error) ? error : NOT_SAVED }
}

/**
 * A product's cover in the console: the current one, and a file to replace it. Posts multipart to
 * POST /api/admin/products/{id}/image; with scripts the answer is read here and the page's data
 * reloaded, without them the server sends the browser back to this page.
 */
export function ProductImageForm({ productId, currentImage, onSaved }: { productId: number; currentImage: ProductCover; onSaved?: (cover: ProductCover) => void }) {
	const id = useId()
	const [searchParams, setSearchParams] = useSearchParams()
	const revalidator = useRevalidator()
	const [cover, setCover] = useState(currentImage)
	const [given, setGiven] = useState(currentImage.image)
	const [result, setResult] = useState<Result | undefined>(() => resultFromAddress(searchParams))
	const [busy, setBusy] = useState(false)

	// The page's data reloaded with another cover (saved here or elsewhere): show what the product has now.
	if (given !== currentImage.image) {
		setGiven(currentImage.image)
		setCover(currentImage)
	}

	async function submit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (busy) return
		const form = event.currentTarget
		const data = new FormData(form)
		const file = data.get('image')
		const problem = coverProblem(file instanceof File ? file : null)
		if (problem) return setResult({ ok: false, message: problem })
		setBusy(true)
		setResult(undefined)
		try {
			const res = await fetch(form.action, { method: 'POST', body: data, headers: { Accept: 'application/json' } })
			const body = (await res.json().catch(() => null)) as (ProductCover & { error?: string }) | null
			if (!res.ok || !body?.image) {
				setResult({ ok: false, message: body?.error ?? NOT_SAVED })
				return
			}
			const saved = { image: body.image, imageSet: body.imageSet }
			setCover(saved)
			setResult({ ok: true, message: SAVED })
			form.reset()
			onSaved?.(saved)
			if (searchParams.has('image') || searchParams.has('imageError')) {
				// An earlier answer in the address would come back on a reload: drop it (the page's data reloads with it).
				const rest = new URLSearchParams(searchParams)
				rest.delete('image')
				rest.delete('imageError')
				setSearchParams(rest, { replace: true, preventScrollReset: true })
			} else void revalidator.revalidate()
		} catch {
			setResult({ ok: false, message: 'The upload did not reach the shop. Please check the connection and try again.' })
		} finally {
			setBusy(false)
		}
	}

	return (
		<section className="product-image-form" id="product-image" aria-labelledby={`${id}-title`}>
			<h2 id={`${id}-title`} className="h3">
				Cover image
			</h2>
			<div className="product-image-form-body">
				<ProductImage src={cover.image} imageSet={cover.imageSet} alt="The product's current cover" size={160} sizes="160px" className="product-image-form-preview" />
				<form method="post" action={`/api/admin/products/${productId}/image`} encType="multipart/form-data" onSubmit={submit}>
					<div className="field">
						<label htmlFor={`${id}-file`}>New cover</label>
						<input id={`${id}-file`} type="file" name="image" accept={ACCEPT} required disabled={busy} aria-describedby={`${id}-hint`} />
						<p className="field-hint" id={`${id}-hint`}>
							JPEG, PNG or WebP, at least 300 × 300 pixels, up to 8 MB. It is cropped to a square from the middle.
						</p>
					</div>
					<button type="submit" className="button primary" disabled={busy}>
						{busy ? 'Uploading…' : 'Upload cover'}
					</button>
				</form>
			</div>
			<ActionResult result={result} />
		</section>
	)
}
