import { describe, expect, it } from 'vitest'
import { emailImageUrl } from './media-files'

describe('covers in emails', () => {
	it('sends an uploaded cover as its JPEG twin, and the shop’s own covers and other hosts as they are', () => {
		expect(emailImageUrl('/media/0123456789abcdef01234567-640.webp')).toBe('/media/0123456789abcdef01234567-640.jpg')
		expect(emailImageUrl('/media/0123456789abcdef01234567-640.jpg')).toBe('/media/0123456789abcdef01234567-640.jpg')
		expect(emailImageUrl('/images/products/1.webp')).toBe('/images/products/1.webp')
		expect(emailImageUrl('https://cdn.example.pk/media/0123456789abcdef01234567-640.webp')).toBe('https://cdn.example.pk/media/0123456789abcdef01234567-640.webp')
	})
})
