type Fbq = (cmd: 'track', event: string, data: Record<string, unknown>, options?: { eventID: string }) => void

/** Sends an advertising pixel event when the pixel is loaded (a pixel id is configured). */
export function trackPixel(event: 'Lead' | 'Purchase', data: Record<string, unknown>, eventID?: string) {
	const fbq = (window as unknown as { fbq?: Fbq }).fbq
	if (typeof fbq !== 'function') return
	fbq('track', event, data, eventID ? { eventID } : undefined)
}
