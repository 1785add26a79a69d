import { useEffect, useRef, useState } from 'react'

type LoadState = 'loading' | 'loaded' | 'failed'

/** A sized product image: a spinner behind it while it loads, 'Image unavailable' if it fails. */
export function ProductImage({
	src,
	alt,
	size = 400,
	priority = false,
	className,
}: {
	src: string
	alt: string
	size?: number
	priority?: boolean
	className?: string
}) {
	const [state, setState] = useState<LoadState>('loading')
	const ref = useRef<HTMLImageElement>(null)

	// The image may finish before hydration, when onLoad/onError have not been attached yet.
	useEffect(() => {
		const img = ref.current
		if (img?.complete) setState(img.naturalWidth > 0 ? 'loaded' : 'failed')
	}, [src])

	return (
		<div className={`product-image ${className ?? ''}`} data-state={state}>
			{state === 'loading' ? <span className="spinner" role="status" aria-label="Loading image" /> : null}
			{state === 'failed' ? (
				<span className="image-unavailable">Image unavailable</span>
			) : (
				<img
					ref={ref}
					src={src}
					alt={alt}
					width={size}
					height={size}
					loading={priority ? 'eager' : 'lazy'}
					fetchPriority={priority ? 'high' : undefined}
					decoding="async"
					onLoad={() => setState('loaded')}
					onError={() => setState('failed')}
				/>
			)}
		</div>
	)
}
