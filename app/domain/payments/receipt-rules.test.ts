import { describe, expect, it } from 'vitest'
import { RECEIPT_MAX_BYTES, RECEIPT_MISSING, RECEIPT_NOT_IMAGE, RECEIPT_TOO_LARGE, readReceiptResult } from './receipt-rules'
import { receiptProblem, receiptType } from './receipt-type'

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)))
const png = bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13])
const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')
const heic = bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0])
const heifFromAndroid = bytes([0, 0, 0, 24], 'ftypmif1', [0, 0, 0, 0])

describe('what counts as a receipt image (one rule for the browser and the server)', () => {
	it('knows the screenshots and photos phones make by their first bytes', () => {
		expect(receiptType(png)).toEqual({ mime: 'image/png', extension: 'png' })
		expect(receiptType(jpeg)).toEqual({ mime: 'image/jpeg', extension: 'jpg' })
		expect(receiptType(bytes('GIF89a'))).toEqual({ mime: 'image/gif', extension: 'gif' })
		expect(receiptType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toEqual({ mime: 'image/webp', extension: 'webp' })
		expect(receiptType(heic)).toEqual({ mime: 'image/heic', extension: 'heic' })
		expect(receiptType(heifFromAndroid)).toEqual({ mime: 'image/heif', extension: 'heif' })
	})

	it('refuses what is not one of them, whatever its name or claimed type would say', () => {
		for (const other of [bytes('%PDF-1.7\n'), bytes('<svg xmlns="http://www.w3.org/2000/svg">'), bytes('BM', [0, 0, 0, 0]), bytes([0, 0, 0, 24], 'ftypavif'), bytes([0, 0, 0, 24], 'ftypisom'), bytes('hello, not an image'), bytes([0x89], 'PN')]) {
			expect(receiptType(other)).toBeNull()
		}
	})

	it('gives one message per file, before any upload: empty, not an image, then too large', () => {
		expect(receiptProblem(0, new Uint8Array())).toBe(RECEIPT_MISSING)
		expect(receiptProblem(2_000, bytes('%PDF-1.7\n'))).toBe(RECEIPT_NOT_IMAGE)
		expect(receiptProblem(RECEIPT_MAX_BYTES + 1, bytes('%PDF-1.7\n'))).toBe(RECEIPT_NOT_IMAGE)
		expect(receiptProblem(RECEIPT_MAX_BYTES + 1, png)).toBe(RECEIPT_TOO_LARGE)
		expect(receiptProblem(RECEIPT_MAX_BYTES, png)).toBeNull()
	})

	it('reads back only the result codes it knows from an address', () => {
		expect(readReceiptResult('uploaded')).toBe('uploaded')
		expect(readReceiptResult('not-image')).toBe('not-image')
		expect(readReceiptResult('Send money to 0300 0000000')).toBeNull()
		expect(readReceiptResult('toString')).toBeNull()
		expect(readReceiptResult(null)).toBeNull()
	})
})
