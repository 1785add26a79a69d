import { useEffect, useRef, useState } from 'react'
import { coverSrcSet } from '~/domain/catalogue/covers'
import type { ProductImageSet } from '~/domain/catalogue/types'
import { mainWidth, mediaSrcSet, mediaUrl } from '~/domain/media/media-files'
import { markLoaded } from './image-loaded'

/**
 * A sized product image: a spinner behind it while it loads, 'Image unavailable' if it fails.
 *
 * Loading is marked straight on the wrapper (data-loaded) rather than in React state: a grid of
 * fifty cards would otherwise render fifty components again, all at once, right after hydration.
 * The mark is made by IMAGE_LOADED_SCRIPT (./image-loaded), which the document head runs before
 * any image has loaded, so each image hides its own spinner as it arrives and hydration finds
 * nothing left to change. Only a failure, which changes what is shown, goes through state.
 *
 * An uploaded cover (imageSet) is a <picture>: WebP at each stored width, JPEG for the browsers
 * without WebP, and its real width and height, so the slot is reserved before it arrives.
 */
const ENGLISH_LABELS = { loading: 'Loading image', unavailable: 'Image unavailable' }

export function ProductImage({
	src,
	imageSet,
	alt,
	size = 400,
	sizes,
	priority = false,
	className,
	labels = ENGLISH_LABELS,
}: {
	/** products.image: the shop's own cover, an uploaded cover's main file, or any URL. */
	src: string
	/** An uploaded cover's stored sizes; without it the image is shown from src alone. */
	imageSet?: ProductImageSet | null
	alt: string
	/** The width and height of the shop's own covers' slot (they are square). */
	size?: number
	/** How wide the slot is, for choosing among the cover's widths. */
	sizes: string
	/** The page's main image (its LCP): loaded at once and first. */
	priority?: boolean
	className?: string
	/** The spinner's name and the failure's words in the page's language (`common.image.loading`, `common.image.unavailable`). */
	labels?: { loading: string; unavailable: string }
}) {
	const [failed, setFailed] = useState(false)
	const ref = useRef<HTMLImageElement>(null)
	const wrapper = useRef<HTMLDivElement>(null)
	const current = imageSet ? mediaUrl(imageSet.base, mainWidth(imageSet), 'jpg') : src
	const shownSrc = useRef(current)

	// The image may have failed before hydration, when onError was not attached yet. A new src on
	// the same element (one product page to the next) starts over.
	useEffect(() => {
		const img = ref.current
		if (shownSrc.current !== current) {
			shownSrc.current = current
			setFailed(false)
			if (wrapper.current && img && !img.complete) delete wrapper.current.dataset.loaded
		}
		if (img?.complete) {
			if (img.naturalWidth === 0) setFailed(true)
			else markLoaded(img)
		}
	}, [current])

	const shared = {
		ref,
		sizes,
		alt,
		loading: priority ? ('eager' as const) : ('lazy' as const),
		fetchPriority: priority ? ('high' as const) : undefined,
		decoding: 'async' as const,
		onError: () => setFailed(true),
	}

	return (
		// data-unavailable: what the head's script says when a cover the server drew fails (image-loaded.ts).
		<div ref={wrapper} className={`product-image ${className ?? ''}`} data-unavailable={labels === ENGLISH_LABELS ? undefined : labels.unavailable}>
			{failed ? (
				<span className="image-unavailable">{labels.unavailable}</span>
			) : (
				<>
					<span className="spinner" role="status" aria-label={labels.loading} />
					{imageSet ? (
						<picture>
							<source type="image/webp" srcSet={mediaSrcSet(imageSet, 'webp')} sizes={sizes} />
							<img {...shared} src={current} srcSet={mediaSrcSet(imageSet, 'jpg')} width={imageSet.width} height={imageSet.height} />
						</picture>
					) : (
						<img {...shared} src={src} srcSet={coverSrcSet(src)} width={size} height={size} />
					)}
				</>
			)}
		</div>
	)
}
