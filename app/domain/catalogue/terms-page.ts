import { TERMS_PAGES, type TermsPage } from './types'

// The Game Pass terms a buyer accepts before paying (§2 Game Pass terms) are a setting on the
// product (products.terms_page): the console terms (with the shared-account warning) or the PC ones.

export type TermsPath = (typeof TERMS_PAGES)[TermsPage]

export function termsPathOf(termsPage: TermsPage | null | undefined): TermsPath | null {
	return termsPage ? TERMS_PAGES[termsPage] : null
}
