import type { MessageKey } from '../../i18n/catalogue'
import { RECEIPT_MAX_BYTES, RECEIPT_MISSING, RECEIPT_NOT_IMAGE, RECEIPT_TOO_LARGE } from './receipt-rules'

// Which files are receipts, told by their first bytes. Apart from the messages (receipt-rules.ts) so
// that order pages load it only when a buyer chooses or sends a receipt.

/** How many leading bytes `receiptType` reads. */
export const RECEIPT_SNIFF_BYTES = 16

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
// ISO-BMFF brands of HEIC/HEIF photos (iPhones and many Android phones); AVIF and videos are not receipts.
const HEIF_BRANDS: Record<string, 'heic' | 'heif'> = { heic: 'heic', heix: 'heic', hevc: 'heic', hevx: 'heic', heim: 'heic', heis: 'heic', hevm: 'heic', hevs: 'heic', mif1: 'heif', msf1: 'heif' }

/** The image kind a receipt's first bytes show, or null when they are not an accepted image. Never the name or the claimed type. */
export function receiptType(bytes: Uint8Array): { mime: string; extension: string } | null {
	if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG' && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) {
		return { mime: 'image/png', extension: 'png' }
	}
	if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', extension: 'jpg' }
	if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return { mime: 'image/gif', extension: 'gif' }
	if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { mime: 'image/webp', extension: 'webp' }
	if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
		const kind = HEIF_BRANDS[ascii(bytes, 8, 12)]
		if (kind) return { mime: `image/${kind}`, extension: kind }
	}
	return null
}

/** Why a file of this size and these first bytes cannot be a receipt (its message's key), or null when it can: one message, before any upload. */
export function receiptProblem(size: number, head: Uint8Array): MessageKey | null {
	if (size === 0) return RECEIPT_MISSING
	if (!receiptType(head)) return RECEIPT_NOT_IMAGE
	if (size > RECEIPT_MAX_BYTES) return RECEIPT_TOO_LARGE
	return null
}
