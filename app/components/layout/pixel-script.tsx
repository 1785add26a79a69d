/**
 * The advertising pixel, loaded only when a pixel id is configured. The snippet runs once, from the
 * server's HTML; the browser's build carries no copy of it (React keeps the tag as it is on hydration).
 */
export function PixelScript({ pixelId, nonce }: { pixelId: string; nonce?: string }) {
	const code = !import.meta.env.SSR ? ' ' : `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init',${JSON.stringify(pixelId)});fbq('track','PageView');`
	return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />
}
