import { useEffect, useRef, useState } from 'react'
import { coverSrcSet } from '~/domain/catalogue/covers'

/**
 * A sized product image: a spinner behind it while it loads, 'Image unavailable' if it fails.
 *
 * Loading is marked straight on the element (data-loaded) rather than in React state: a grid of
 * fifty cards would otherwise render fifty components again, all at once, right after hydration.
 * Only a failure, which changes what is shown, goes through state.
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

	// The image may have finished before hydration, when onLoad/onError were not attached yet.
	useEffect(() => {
		setFailed(false)
		const img = ref.current
		if (!img) return
		delete img.parentElement?.dataset.loaded
		if (img.complete) {
			if (img.naturalWidth > 0) markLoaded(img)
			else setFailed(true)
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
						onLoad={(e) => markLoaded(e.currentTarget)}
						onError={() => setFailed(true)}
					/>
				</>
			)}
		</div>
	)
}

function markLoaded(img: HTMLImageElement) {
	if (img.parentElement) img.parentElement.dataset.loaded = ''
}
