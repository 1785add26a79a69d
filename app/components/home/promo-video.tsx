import { useEffect, useRef, useState } from 'react'
import { useT } from '~/i18n/use-t'

/**
 * The muted, autoplaying promo. Until it is wanted (scrolled into view, or asked for) only a light
 * poster is painted, so the video never delays the first paint.
 */
export function PromoVideo({
	videoId,
	title,
	poster = '/images/game-pass-poster.svg',
}: {
	videoId: string | null
	title: string
	poster?: string
}) {
	const t = useT()
	const [wanted, setWanted] = useState(false)
	const [muted, setMuted] = useState(true)
	const boxRef = useRef<HTMLDivElement>(null)
	const frameRef = useRef<HTMLIFrameElement>(null)

	useEffect(() => {
		if (!videoId || wanted || !boxRef.current) return
		const observer = new IntersectionObserver((entries) => {
			if (entries.some((e) => e.isIntersecting)) setWanted(true)
		}, { rootMargin: '100px' })
		observer.observe(boxRef.current)
		return () => observer.disconnect()
	}, [videoId, wanted])

	function toggleMute() {
		const next = !muted
		setMuted(next)
		// The embedded player takes commands by message: this is the set-muted call.
		frameRef.current?.contentWindow?.postMessage(
			JSON.stringify({ event: 'command', func: next ? 'mute' : 'unMute', args: [] }),
			'*',
		)
	}

	return (
		<div className="promo-video" ref={boxRef}>
			{videoId && wanted ? (
				<iframe
					ref={frameRef}
					title={title}
					src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&mute=1&loop=1&playlist=${videoId}&controls=0&enablejsapi=1&playsinline=1`}
					allow="autoplay; encrypted-media; picture-in-picture"
					loading="lazy"
				/>
			) : (
				<button type="button" className="video-poster" onClick={() => videoId && setWanted(true)} aria-label={videoId ? t('catalogue.home.play', { title }) : title} disabled={!videoId}>
					<img src={poster} alt="" width="640" height="360" loading="lazy" />
				</button>
			)}
			{videoId ? (
				<button type="button" className="mute-toggle" onClick={toggleMute} aria-pressed={!muted} disabled={!wanted}>
					{t(muted ? 'catalogue.home.unmute' : 'catalogue.home.mute')}
				</button>
			) : null}
		</div>
	)
}
