import { hasNul } from '../utils/input'

/** One cookie's value from a Cookie header, or null. A value that cannot be decoded counts as absent. */
export function readCookie(cookieHeader: string | null, name: string): string | null {
	for (const part of (cookieHeader ?? '').split(';')) {
		const [key, ...value] = part.trim().split('=')
		if (key !== name) continue
		try {
			const decoded = decodeURIComponent(value.join('='))
			return hasNul(decoded) ? null : decoded
		} catch {
			return null
		}
	}
	return null
}
