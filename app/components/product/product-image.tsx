import { useEffect, useRef, useState } from 'react'
import { coverSrcSet } from '~/domain/catalogue/covers'
import { markLoaded } from './image-loaded'

/**
 * A sized product image: a spinner behind it while it loads, 'Image unavailable' if it fails.
 *
 * Loading is marked straight on the wrapper (data-loaded) rather than in React state: a grid of
 * fifty cards would otherwise render fifty components again, all at once, right after hydration.
 * The mark is made by IMAGE_LOADED_SCRIPT (./image-loaded), which the document head runs before
 * any image has loaded, so each image hides its own spinner as it arrives and hydration finds
 * nothing left to change. Only a failure, which changes what is shown, goes through state.
 */
export function ProductImage({
	src,
	alt,
	size = 400,
	sizes,
	priority = false,
	className,
}: {
	src: string
	alt: string
	size?: number
	/** How wide the slot is, for choosing among the cover's widths. */
	sizes: string
	priority?: boolean
	className?: string
}) {
	const [failed, setFailed] = useState(false)
	const ref = useRef<HTMLImageElement>(null)
	const shownSrc = useRef(src)

	// The image may have failed before hydration, when onError was not attached yet. A new src on
	// the same element (one product page to the next) starts over.
	useEffect(() => {
		const img = ref.current
		if (shownSrc.current !== src) {
			shownSrc.current = src
			setFailed(false)
			if (img?.parentElement && !img.complete) delete img.parentElement.dataset.loaded
		}
		if (img?.complete) {
			if (img.naturalWidth === 0) setFailed(true)
			else markLoaded(img)
		}
	}, [src])

	return (
		<div className={`product-image ${className ?? ''}`}>
			{failed ? (
				<span className="image-unavailable">Image unavailable</span>
			) : (
				<>
					<span className="spinner" role="status" aria-label="Loading image" />
					<img
						ref={ref}
						src={src}
						srcSet={coverSrcSet(src)}
						sizes={sizes}
						alt={alt}
						width={size}
						height={size}
						loading={priority ? 'eager' : 'lazy'}
						fetchPriority={priority ? 'high' : undefined}
						decoding="async"
						onError={() => setFailed(true)}
					/>
				</>
			)}
		</div>
	)
}
